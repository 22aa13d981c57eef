import { ChevronLeft, Download, FileX2, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { GetInvoiceResponse } from '@kosh/contracts';
import { ApiError } from '../api/api-error.ts';
import { useFormatDate } from '../shell/i18n/date-format.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { Navbar } from '../shell/layout/Navbar.tsx';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { formatAmount } from '../site/pricing/plan-pricing.ts';
import { buttonClasses } from '../ui/button-styles.ts';
import { Button } from '../ui/Button.tsx';
import { invoiceDate } from './billing-status.ts';
import { InvoiceStatus } from './InvoiceStatus.tsx';
import { CardSkeleton, LoadError } from './SubscriptionGate.tsx';
import { invoicePdfUrl, useInvoice } from './useInvoice.ts';

const label = 'text-xs font-medium uppercase tracking-wide text-fg-muted';
/** The billing pages' card; on paper, the bare page. */
const sheet =
  'rounded-kosh-lg bg-bg p-5 shadow-sm ring-1 ring-divider sm:p-10 print:p-0 print:shadow-none print:ring-0';

/** The billing pages' frame, with the navbar left off the printout. */
function PrintableShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-bg-alt print:bg-bg">
      <Navbar menuPosition="drive-navbar" className="print:hidden" />
      <main id="main-content" className="mx-auto w-full max-w-[760px] flex-1 px-4 py-6 sm:px-6 md:py-10 print:p-0">
        {children}
      </main>
    </div>
  );
}

function InvoiceDocument({ data }: { data: GetInvoiceResponse }) {
  const { trans, language } = useTrans();
  const formatDate = useFormatDate();
  const { invoice, seller, buyer } = data;
  const amount = formatAmount(invoice.amount, invoice.currency, language);
  const isPaid = invoice.status === 'paid';
  return (
    <article aria-labelledby="invoice-heading" className={sheet}>
      <header className="flex flex-col-reverse gap-6 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0" data-testid="invoice-seller">
          <p className="text-base font-medium break-words text-fg">{seller.name}</p>
          {seller.lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the company's lines as staff typed them may repeat
            <p key={i} className="text-sm break-words text-fg-muted">
              {line}
            </p>
          ))}
        </div>
        <div className="sm:text-right">
          <h1 id="invoice-heading" className="text-2xl font-medium text-fg">
            {trans('Invoice')}
          </h1>
          <p className="text-sm text-fg-muted" data-testid="invoice-number">
            {invoice.number}
          </p>
          <p className="text-sm text-fg-muted">{formatDate(invoiceDate(invoice))}</p>
        </div>
      </header>

      <section className="mt-8" aria-labelledby="billed-to">
        <h2 id="billed-to" className={label}>
          {trans('Billed to')}
        </h2>
        {buyer.name && <p className="mt-1 text-sm text-fg">{buyer.name}</p>}
        <p className="text-sm break-all text-fg">{buyer.email}</p>
      </section>

      <table className="mt-8 w-full text-left text-sm">
        <thead>
          <tr className="border-b border-divider">
            <th scope="col" className={`${label} pb-2`}>
              {trans('Description')}
            </th>
            <th scope="col" className={`${label} pb-2 text-right`}>
              {trans('Amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-divider">
            <td className="py-3 pr-4">
              <p className="text-fg" data-testid="invoice-plan">
                {invoice.plan ? trans(invoice.plan) : '-'}
              </p>
              {invoice.period_start && invoice.period_end && (
                <p className="text-xs text-fg-muted">
                  {formatDate(invoice.period_start)} – {formatDate(invoice.period_end)}
                </p>
              )}
            </td>
            <td className="py-3 text-right align-top whitespace-nowrap text-fg tabular-nums">{amount}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="pt-4 pr-4 text-right text-base font-medium text-fg">
              {trans('Total')}
            </th>
            <td className="pt-4 text-right text-base font-medium whitespace-nowrap text-fg tabular-nums">
              <span data-testid="invoice-total">{amount}</span>
            </td>
          </tr>
        </tfoot>
      </table>

      <div className="mt-3 flex flex-wrap items-center justify-end gap-2 text-sm text-fg-muted">
        <InvoiceStatus status={invoice.status} />
        {isPaid && invoice.paid_at && <span>{trans('Paid on :date', { date: formatDate(invoice.paid_at) })}</span>}
      </div>

      {seller.notes && (
        <section className="mt-10" aria-labelledby="invoice-notes">
          <h2 id="invoice-notes" className={label}>
            {trans('Notes')}
          </h2>
          <p className="mt-1 text-sm whitespace-pre-line text-fg" data-testid="invoice-notes-text">
            {seller.notes}
          </p>
        </section>
      )}
    </article>
  );
}

function NotFound() {
  const { trans } = useTrans();
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center">
      <FileX2 size={64} strokeWidth={1.25} className="text-fg-muted" aria-hidden />
      <p className="text-base font-medium text-fg">{trans('This invoice was not found.')}</p>
      <Link to="/drive/payment-history" className={buttonClasses('secondary')}>
        {trans('Payment history')}
      </Link>
    </div>
  );
}

/** /drive/payment-history/:invoiceId (login required): one invoice to print or save as a PDF. */
export function InvoicePage() {
  const { trans } = useTrans();
  const invoiceId = Number(useParams().invoiceId);
  const query = useInvoice(invoiceId);
  const isMissing =
    !(Number.isInteger(invoiceId) && invoiceId > 0) || (query.error instanceof ApiError && query.error.status === 404);
  useDocumentTitle(query.data ? `${trans('Invoice')} ${query.data.invoice.number}` : trans('Invoice'));
  let body: ReactNode;
  if (isMissing) body = <NotFound />;
  else if (query.isPending) body = <CardSkeleton className="h-96" />;
  else if (query.isError) body = <LoadError onRetry={() => void query.refetch()} />;
  else body = <InvoiceDocument data={query.data} />;
  return (
    <PrintableShell>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to="/drive/payment-history" className={buttonClasses('ghost', 'sm', '-ml-3')}>
          <ChevronLeft size={16} aria-hidden />
          {trans('Payment history')}
        </Link>
        {query.data && (
          <div className="flex items-center gap-2">
            <Button variant="secondary" startIcon={<Printer size={18} aria-hidden />} onPress={() => window.print()}>
              {trans('Print')}
            </Button>
            <a href={invoicePdfUrl(query.data.invoice.id)} download className={buttonClasses('primary')}>
              <Download size={18} aria-hidden />
              {trans('Download PDF')}
            </a>
          </div>
        )}
      </div>
      {body}
    </PrintableShell>
  );
}

export { InvoicePage as Component };
