import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { buttonClasses, type ButtonSize, type ButtonVariant } from './button-styles.ts';

type PlainButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  startIcon?: ReactNode;
};

/**
 * A native button in the look of `Button`, for what every public page shows at its first paint
 * (cookie notice, footer, landing page): their first load stays free of react-aria, whose press
 * handling alone weighs ~50 KB gzipped. Inside react-aria widgets (triggers, dialogs) use `Button`.
 */
export function PlainButton({
  variant = 'primary',
  size = 'md',
  className,
  startIcon,
  type = 'button',
  children,
  ...props
}: PlainButtonProps) {
  return (
    <button {...props} type={type} className={buttonClasses(variant, size, className)}>
      {startIcon}
      {children}
    </button>
  );
}
