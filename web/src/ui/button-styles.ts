import clsx from 'clsx';

export type ButtonVariant = 'primary' | 'secondary' | 'text' | 'ghost' | 'danger' | 'danger-text';
export type ButtonSize = 'sm' | 'md' | 'lg';

// Tailwind 4's outline-none sets --tw-outline-style to none, which outline-2 reads: the focused
// state names the style again, or the ring never draws.
export const focusRing = clsx(
  'outline-none',
  'data-[focus-visible]:outline-solid focus-visible:outline-solid',
  'data-[focus-visible]:outline-2 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-primary',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
);

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-on-primary hover:brightness-110 data-[pressed]:brightness-95 shadow-sm',
  secondary: 'border border-divider bg-bg text-primary hover:bg-bg-alt',
  text: 'bg-transparent text-primary hover:bg-bg-alt',
  ghost: 'bg-transparent text-fg-muted hover:bg-bg-alt hover:text-fg',
  danger: 'bg-danger text-on-primary hover:brightness-110',
  'danger-text': 'bg-transparent text-danger hover:bg-bg-alt',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-[13px]',
  md: 'h-9 px-4 text-sm',
  lg: 'h-10 px-6 text-sm',
};

/** Classes of a button (UI.md "Components"); also used for links that look like buttons. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string): string {
  return clsx(
    'inline-flex select-none items-center justify-center gap-2 whitespace-nowrap rounded-kosh font-medium',
    'transition-[background-color,filter,box-shadow] duration-125 ease-kosh cursor-pointer',
    'disabled:cursor-default disabled:opacity-50 data-[disabled]:cursor-default data-[disabled]:opacity-50',
    focusRing,
    variants[variant],
    sizes[size],
    extra,
  );
}

export function iconButtonClasses(size: 'sm' | 'md' = 'md', extra?: string): string {
  return clsx(
    'inline-flex shrink-0 items-center justify-center rounded-full text-fg-muted transition-colors duration-125',
    'hover:bg-bg-alt hover:text-fg cursor-pointer',
    'data-[disabled]:opacity-50 data-[pressed]:bg-bg-chip',
    focusRing,
    size === 'md' ? 'size-10' : 'size-8',
    extra,
  );
}
