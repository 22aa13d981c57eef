import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { buttonClasses, iconButtonClasses, type ButtonSize, type ButtonVariant } from './button-styles.ts';
import { Tooltip } from './Tooltip.tsx';

export type ButtonProps = Omit<AriaButtonProps, 'className'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  startIcon?: ReactNode;
};

export function Button({ variant = 'primary', size = 'md', className, startIcon, children, ...props }: ButtonProps) {
  return (
    <AriaButton {...props} className={buttonClasses(variant, size, className)}>
      {(render) => (
        <>
          {startIcon}
          {typeof children === 'function' ? children(render) : children}
        </>
      )}
    </AriaButton>
  );
}

export type IconButtonProps = Omit<AriaButtonProps, 'className' | 'children'> & {
  /** Accessible name, also shown as the tooltip. */
  label: string;
  children: ReactNode;
  size?: 'sm' | 'md';
  className?: string;
  showTooltip?: boolean;
};

/** A 40 px round icon button (UI.md) with its label as tooltip. */
export function IconButton({ label, children, size = 'md', className, showTooltip = true, ...props }: IconButtonProps) {
  const button = (
    <AriaButton {...props} aria-label={label} className={iconButtonClasses(size, className)}>
      {children}
    </AriaButton>
  );
  return showTooltip ? <Tooltip content={label}>{button}</Tooltip> : button;
}
