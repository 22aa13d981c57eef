import type { ReactNode } from 'react';
import clsx from 'clsx';
import { Check, Minus } from 'lucide-react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';

export type CheckboxProps = Omit<AriaCheckboxProps, 'className' | 'children'> & {
  children?: ReactNode;
  className?: string;
};

export function Checkbox({ children, className, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox
      {...props}
      className={clsx(
        'group inline-flex cursor-pointer items-center gap-3 text-sm text-fg data-[disabled]:opacity-60',
        className,
      )}
    >
      {({ isSelected, isIndeterminate }) => (
        <>
          <span
            aria-hidden
            className={clsx(
              'flex size-[18px] shrink-0 items-center justify-center rounded-[4px] border-2',
              'transition-colors duration-125',
              'group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-offset-2',
              'group-data-[focus-visible]:outline-primary',
              isSelected || isIndeterminate ? 'border-primary bg-primary text-on-primary' : 'border-fg-muted bg-bg',
              'group-data-[invalid]:border-danger',
            )}
          >
            {isIndeterminate ? (
              <Minus size={14} strokeWidth={3} />
            ) : isSelected ? (
              <Check size={14} strokeWidth={3} />
            ) : null}
          </span>
          {children}
        </>
      )}
    </AriaCheckbox>
  );
}
