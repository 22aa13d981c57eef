import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { focusRing } from '../ui/button-styles.ts';

export function TextLink({ className, children, ...props }: LinkProps & { children: ReactNode }) {
  return (
    <Link {...props} className={clsx('rounded-kosh font-medium text-primary hover:underline', focusRing, className)}>
      {children}
    </Link>
  );
}
