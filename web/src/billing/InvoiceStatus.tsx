import clsx from 'clsx';
import type { Invoice } from '@kosh/contracts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { invoiceStatusLabel } from './billing-status.ts';

/** Paid or Failed, as a small outlined badge. */
export function InvoiceStatus({ status }: { status: Invoice['status'] }) {
  const { trans } = useTrans();
  return (
    <span
      className={clsx(
        'inline-flex h-6 shrink-0 items-center rounded-full border px-2.5 text-xs font-medium',
        status === 'paid' ? 'border-positive text-positive' : 'border-danger text-danger',
      )}
      data-testid="invoice-status"
    >
      {trans(invoiceStatusLabel(status))}
    </span>
  );
}
