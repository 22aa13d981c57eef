import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../ui/button-styles.ts';
import { Button } from '../ui/Button.tsx';
import { cardClasses } from './card-styles.ts';

type Props = {
  title: string;
  children: ReactNode;
  backLabel: string;
  confirmLabel: string;
  variant: 'primary' | 'danger';
  isPending: boolean;
  onConfirm: () => void;
};

/** A confirmation as a page (/billing/cancel, /billing/renew): the dialog's content in a card. */
export function ConfirmationCard({ title, children, backLabel, confirmLabel, variant, isPending, onConfirm }: Props) {
  return (
    <section aria-labelledby="confirmation-title" className={cardClasses}>
      <h1 id="confirmation-title" className="text-xl font-medium text-fg">
        {title}
      </h1>
      <div className="mt-3">{children}</div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to="/billing" className={buttonClasses('text')}>
          {backLabel}
        </Link>
        <Button variant={variant} onPress={onConfirm} isPending={isPending}>
          {confirmLabel}
        </Button>
      </div>
    </section>
  );
}
