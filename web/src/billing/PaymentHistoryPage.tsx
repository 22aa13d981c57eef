import { ChevronLeft, ChevronRight, Download, ReceiptText } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import type { Invoice } from '@kosh/contracts';
import { useInvoices } from '../api/subscriptions.api.ts';
import { useFormatDate } from '../shell/i18n/date-format.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { formatAmount } from '../site/pricing/plan-pricing.ts';
import { buttonClasses } from '../ui/button-styles.ts';
import { invoiceDate } from './billing-status.ts';
import { BillingShell } from './BillingShell.tsx';
import { cardClasses } from './card-styles.ts';
import { InvoiceStatus } from './InvoiceStatus.tsx';
import { LoadError } from './SubscriptionGate.tsx';
import { invoicePdfUrl } from './useInvoice.ts';

const PER_PAGE = 20;
const linkClass = 'text-sm font-medium text-primary underline-offset-2 hover:underline focus-visible:underline';

function useInvoiceCells(invoice: Invoice) {
  const { trans, language } = useTrans();
  const formatDate = useFormatDate();
  return {
    date: formatDate(invoiceDate(invoice)),
    plan: invoice.plan ? trans(invoice.plan) : '-',
    amount: formatAmount(invoice.amount, invoice.currency, language),
  };
}

function InvoiceLinks({ invoice }: { invoice: Invoice }) {
  const { trans } = useTrans();
  return (
    <div className="flex items-center justify-end gap-4">
      <Link to={`/drive/payment-history/${invoice.id}`} className={linkClass}>
        {trans('View')}
      </Link>
      <a href={invoicePdfUrl(invoice.id)} download className={`${linkClass} inline-flex items-center gap-1`}>
        <Download size={16} aria-hidden />
        {trans('Download PDF')}
      </a>
    </div>
  );
}

function TableRow({ invoice }: { invoice: Invoice }) {
  const cells = useInvoiceCells(invoice);
  return (
    <tr className="h-12 border-t border-divider" data-testid="payment-row">
      <td className="py-2 pr-4 whitespace-nowrap text-fg">{cells.date}</td>
      <td className="max-w-56 truncate py-2 pr-4 text-fg">{cells.plan}</td>
      <td className="py-2 pr-4 whitespace-nowrap text-fg tabular-nums">{cells.amount}</td>
      <td className="py-2 pr-4">
        <InvoiceStatus status={invoice.status} />
      </td>
      <td className="py-2">
        <InvoiceLinks invoice={invoice} />
      </td>
    </tr>
  );
}

function ListRow({ invoice }: { invoice: Invoice }) {
  const cells = useInvoiceCells(invoice);
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="payment-row">
      <div className="flex items-center justify-between gap-3">
        <p className="min-w-0 truncate text-sm font-medium text-fg">{cells.plan}</p>
        <span className="shrink-0 text-sm text-fg tabular-nums">{cells.amount}</span>
      </div>
      <div className="flex items-center justify-between gap-3">
        <span className="text-xs text-fg-muted">{cells.date}</span>
        <InvoiceStatus status={invoice.status} />
      </div>
      <InvoiceLinks invoice={invoice} />
    </li>
  );
}

function Pager({ page, lastPage }: { page: number; lastPage: number }) {
  const { trans } = useTrans();
  const to = (n: number) => (n === 1 ? '?' : `?page=${n}`);
  const disabled = 'pointer-events-none opacity-50';
  return (
    <nav aria-label={trans('Pagination')} className="mt-4 flex items-center justify-between gap-3">
      <Link
        to={to(page - 1)}
        aria-disabled={page <= 1}
        tabIndex={page <= 1 ? -1 : undefined}
        className={buttonClasses('secondary', 'sm', page <= 1 ? disabled : undefined)}
      >
        <ChevronLeft size={16} aria-hidden />
        {trans('Previous')}
      </Link>
      <span className="text-sm text-fg-muted">{trans('Page :page of :pages', { page, pages: lastPage })}</span>
      <Link
        to={to(page + 1)}
        aria-disabled={page >= lastPage}
        tabIndex={page >= lastPage ? -1 : undefined}
        className={buttonClasses('secondary', 'sm', page >= lastPage ? disabled : undefined)}
      >
        {trans('Next')}
        <ChevronRight size={16} aria-hidden />
      </Link>
    </nav>
  );
}

function History({ page }: { page: number }) {
  const { trans } = useTrans();
  const query = useInvoices(page, PER_PAGE);
  if (query.isPending)
    return (
      <div aria-busy="true" className="flex flex-col gap-2">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-12 animate-pulse rounded-kosh bg-bg-alt" />
        ))}
        <span className="sr-only">{trans('Loading...')}</span>
      </div>
    );
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  const { data, last_page } = query.data;
  if (data.length === 0)
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <ReceiptText size={64} strokeWidth={1.25} className="text-fg-muted" aria-hidden />
        <p className="text-base font-medium text-fg">{trans('No invoices yet.')}</p>
        <p className="text-sm text-fg-muted">{trans('Your payments will be listed here.')}</p>
      </div>
    );
  return (
    <>
      <table className="hidden w-full text-left text-sm sm:table">
        <thead>
          <tr className="text-xs text-fg-muted">
            <th scope="col" className="pb-2 pr-4 font-medium">
              {trans('Date')}
            </th>
            <th scope="col" className="pb-2 pr-4 font-medium">
              {trans('Plan')}
            </th>
            <th scope="col" className="pb-2 pr-4 font-medium">
              {trans('Amount')}
            </th>
            <th scope="col" className="pb-2 pr-4 font-medium">
              {trans('Status')}
            </th>
            <th scope="col" className="pb-2 font-medium">
              <span className="sr-only">{trans('Invoice')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.map((invoice) => (
            <TableRow key={invoice.id} invoice={invoice} />
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-divider sm:hidden">
        {data.map((invoice) => (
          <ListRow key={invoice.id} invoice={invoice} />
        ))}
      </ul>
      {last_page > 1 && <Pager page={page} lastPage={last_page} />}
    </>
  );
}

/** /drive/payment-history (login required): every invoice, with its printable page and PDF. */
export function PaymentHistoryPage() {
  const { trans } = useTrans();
  useDocumentTitle(trans('Payment history'));
  const [search] = useSearchParams();
  const requested = Number(search.get('page') ?? 1);
  const page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  return (
    <BillingShell>
      <Link to="/billing" className={buttonClasses('ghost', 'sm', '-ml-3 mb-2')}>
        <ChevronLeft size={16} aria-hidden />
        {trans('Billing')}
      </Link>
      <h1 className="mb-6 text-xl font-medium text-fg">{trans('Payment history')}</h1>
      <section className={cardClasses} aria-label={trans('Payment history')}>
        <History page={page} />
      </section>
    </BillingShell>
  );
}

export { PaymentHistoryPage as Component };
