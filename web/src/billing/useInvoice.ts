import { useQuery } from '@tanstack/react-query';
import { INVOICE_PDF_PATH } from '@kosh/contracts';
import { endpoints } from '@kosh/contracts/endpoints';
import { billingKeys } from '../api/billing.api.ts';
import { call, fillPath } from '../api/call.ts';
import { resolveUrl } from '../api/http.ts';

/** Where an invoice's PDF downloads from (an attachment, so a plain link saves it). */
export const invoicePdfUrl = (invoiceId: number) => resolveUrl(fillPath(INVOICE_PDF_PATH, { invoiceId }));

/** One of the user's invoices with the seller and buyer, for the printable invoice page. */
export function useInvoice(invoiceId: number) {
  return useQuery({
    queryKey: [...billingKeys.all, 'invoice', invoiceId] as const,
    queryFn: ({ signal }) => call(endpoints.getInvoice, { params: { invoiceId }, signal }),
    enabled: Number.isInteger(invoiceId) && invoiceId > 0,
    meta: { handledStatuses: 'all' },
  });
}
