import type { ReactElement, ReactNode } from 'react';
import clsx from 'clsx';
import { Tooltip as AriaTooltip, TooltipTrigger } from 'react-aria-components';
import {
  TOOLTIP_CLOSE_GRACE_MS,
  TOOLTIP_DELAY_MS,
  TOOLTIP_MAX_WIDTH_PX,
  TOOLTIP_OFFSET_PX,
} from '@kosh/contracts/constants';

export type TooltipVariant = 'neutral' | 'positive' | 'danger';

const variants: Record<TooltipVariant, string> = {
  neutral: 'bg-toast text-on-toast',
  positive: 'bg-positive text-on-primary',
  danger: 'bg-danger text-on-primary',
};

type Props = {
  content: ReactNode;
  children: ReactElement;
  variant?: TooltipVariant;
  placement?: 'top' | 'bottom' | 'left' | 'right';
  isDisabled?: boolean;
};

/**
 * Part 1, 4: opens after 1500 ms of hover or at once on keyboard focus; closes on Escape,
 * pointer down or blur, 500 ms after the pointer leaves; react-aria keeps one open at a time.
 */
export function Tooltip({ content, children, variant = 'neutral', placement = 'bottom', isDisabled }: Props) {
  return (
    <TooltipTrigger delay={TOOLTIP_DELAY_MS} closeDelay={TOOLTIP_CLOSE_GRACE_MS} isDisabled={isDisabled}>
      {children}
      <AriaTooltip
        offset={TOOLTIP_OFFSET_PX}
        placement={placement}
        style={{ maxWidth: TOOLTIP_MAX_WIDTH_PX }}
        className={clsx(
          'rounded-kosh px-2 py-1 text-xs leading-4 shadow-md data-[entering]:animate-fade-in',
          variants[variant],
        )}
      >
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
