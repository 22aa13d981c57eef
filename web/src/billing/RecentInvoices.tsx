import clsx from 'clsx';
import { ReceiptText } from 'lucide-react';
import { Link } from 'react-router';
import type { Invoice } from '@kosh/contracts';
import { useInvoices } from '../api/subscriptions.api.ts';
import { useFormatDate } from '../shell/i18n/date-format.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { formatAmount } from '../site/pricing/plan-pricing.ts';
import { buttonClasses } from '../ui/button-styles.ts';
import { Button } from '../ui/Button.tsx';
import { invoiceDate, invoiceStatusLabel } from './billing-status.ts';
import { cardClasses } from './card-styles.ts';

/** How many invoices the billing page lists; the rest are on the payment history page. */
const RECENT_INVOICES = 5;

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const { trans, language } = useTrans();
  const formatDate = useFormatDate();
  const isPaid = invoice.status === 'paid';
  return (
    <li className="flex min-h-14 items-center justify-between gap-4 py-2" data-testid="invoice-row">
      <div className="min-w-0">
        <p className="truncate text-sm font-medium text-fg">{invoice.plan ? trans(invoice.plan) : '-'}</p>
        <p className="text-xs text-fg-muted">{formatDate(invoiceDate(invoice))}</p>
      </div>
      <div className="flex shrink-0 items-center gap-3">
        <span className="text-sm text-fg">{formatAmount(invoice.amount, invoice.currency, language)}</span>
        <span
          className={clsx(
            'inline-flex h-6 items-center rounded-full border px-2.5 text-xs font-medium',
            isPaid ? 'border-positive text-positive' : 'border-danger text-danger',
          )}
        >
          {trans(invoiceStatusLabel(invoice.status))}
        </span>
      </div>
    </li>
  );
}

function InvoiceList() {
  const { trans } = useTrans();
  const query = useInvoices(1, RECENT_INVOICES);
  if (query.isPending)
    return (
      <div aria-busy="true" className="mt-3 flex flex-col gap-2">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-12 animate-pulse rounded-kosh bg-bg-alt" />
        ))}
        <span className="sr-only">{trans('Loading...')}</span>
      </div>
    );
  if (query.isError)
    return (
      <div role="alert" className="mt-3 flex flex-wrap items-center gap-3 text-sm text-fg">
        {trans('Something went wrong')}
        <Button variant="text" size="sm" onPress={() => void query.refetch()}>
          {trans('Try again')}
        </Button>
      </div>
    );
  const invoices = query.data.data.slice(0, RECENT_INVOICES);
  if (invoices.length === 0)
    return (
      <p className="mt-3 flex items-center gap-2 text-sm text-fg-muted">
        <ReceiptText size={18} aria-hidden />
        {trans('No invoices yet.')}
      </p>
    );
  return (
    <ul className="mt-2 divide-y divide-divider">
      {invoices.map((invoice) => (
        <InvoiceRow key={invoice.id} invoice={invoice} />
      ))}
    </ul>
  );
}

/** The newest invoices, with the way to the full payment history. */
export function RecentInvoices() {
  const { trans } = useTrans();
  return (
    <section aria-labelledby="recent-invoices" className={cardClasses}>
      <div className="flex items-center justify-between gap-3">
        <h2 id="recent-invoices" className="text-sm font-medium text-fg-muted">
          {trans('Recent invoices')}
        </h2>
        <Link to="/drive/payment-history" className={buttonClasses('text', 'sm', '-mr-3')}>
          {trans('View all')}
        </Link>
      </div>
      <InvoiceList />
    </section>
  );
}
