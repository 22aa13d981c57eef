import type { GetInvoiceResponse } from '@kosh/contracts';
import { presentInvoice } from '../subscription.presenter.ts';
import type { InvoiceWithPlan } from './invoices.repository.ts';

/** The number printed on an invoice: INV- and its id, at least six digits (INV-000123). */
export function invoiceNumber(id: number): string {
  return `INV-${String(id).padStart(6, '0')}`;
}

/** What the site's settings say about the seller. */
export type SellerSettings = { company: string; notes: string; siteName: string };

/** The seller block: the company's first line as the name and the rest below it, else the site's name. */
export function sellerOf(settings: SellerSettings): GetInvoiceResponse['seller'] {
  const lines = settings.company
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const [name, ...rest] = lines;
  return { name: name ?? settings.siteName, lines: rest, notes: settings.notes.trim() };
}

/** The buyer's name as people read it; null when the profile has none (the email stands alone). */
export function buyerName(user: { first_name: string | null; last_name: string | null }): string | null {
  return [user.first_name, user.last_name].filter(Boolean).join(' ') || null;
}

/** An invoice with everything its printable page and PDF show. */
export function presentInvoiceDocument(
  row: InvoiceWithPlan,
  buyer: { first_name: string | null; last_name: string | null; email: string },
  settings: SellerSettings,
): GetInvoiceResponse {
  return {
    invoice: { ...presentInvoice(row), number: invoiceNumber(row.id) },
    seller: sellerOf(settings),
    buyer: { name: buyerName(buyer), email: buyer.email },
  };
}
