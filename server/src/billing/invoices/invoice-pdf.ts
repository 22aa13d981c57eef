import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { GetInvoiceResponse } from '@kosh/contracts';

// Inter as the web app shows it, as whole TrueType files: PDF's built-in Helvetica has no ₹ and
// the web's WOFF2 files are cut into subsets (Latin apart from the currency signs).
const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
  semibold: require.resolve('@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf'),
};

const INK = '#1f2328';
const MUTED = '#5f6670';
const DIVIDER = '#e3e6ea';
const POSITIVE = '#188038';
const DANGER = '#d93025';
const MARGIN = 56;

export type InvoicePdfOptions = {
  /** The zone dates are written in (the site's default time zone). */
  timeZone: string;
};

/** An amount with its currency's symbol as the invoice page writes it in English: ₹149, ₹149.50. */
export function formatInvoiceAmount(amount: number, currency: string): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  return new Intl.NumberFormat('en', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}

function formatDate(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone }).format(new Date(iso));
}

/**
 * Writes the invoice as an A4 PDF and answers the document as a readable stream, ended: the
 * caller pipes it to the response as pdfkit produces it.
 */
export function writeInvoicePdf(data: GetInvoiceResponse, options: InvoicePdfOptions): PDFKit.PDFDocument {
  const { invoice, seller, buyer } = data;
  const date = (iso: string) => formatDate(iso, options.timeZone);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Invoice ${invoice.number}`, Author: seller.name },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('semibold', FONTS.semibold);
  const left = MARGIN;
  const width = doc.page.width - MARGIN * 2;
  const half = width / 2;

  // The seller on the left, the invoice's number and date on the right.
  const top = MARGIN;
  doc.font('semibold').fontSize(16).fillColor(INK).text(seller.name, left, top, { width: half });
  doc.font('regular').fontSize(10).fillColor(MUTED);
  for (const line of seller.lines) doc.text(line, { width: half });
  const sellerBottom = doc.y;
  doc
    .font('semibold')
    .fontSize(22)
    .fillColor(INK)
    .text('Invoice', left + half, top, { width: half, align: 'right' });
  doc.font('regular').fontSize(10).fillColor(MUTED);
  doc.text(invoice.number, { width: half, align: 'right' });
  doc.text(`Date: ${date(invoice.paid_at ?? invoice.created_at)}`, { width: half, align: 'right' });
  let y = Math.max(sellerBottom, doc.y) + 28;

  // The buyer.
  doc.font('semibold').fontSize(9).fillColor(MUTED).text('BILLED TO', left, y, { characterSpacing: 0.5 });
  doc.font('regular').fontSize(11).fillColor(INK);
  if (buyer.name) doc.text(buyer.name);
  doc.text(buyer.email);
  y = doc.y + 28;

  // One line: the plan and its period, with the amount.
  const amountWidth = 140;
  const amount = formatInvoiceAmount(invoice.amount, invoice.currency);
  doc.font('semibold').fontSize(9).fillColor(MUTED);
  doc.text('DESCRIPTION', left, y, { width: width - amountWidth, characterSpacing: 0.5 });
  doc.text('AMOUNT', left + width - amountWidth, y, { width: amountWidth, align: 'right', characterSpacing: 0.5 });
  y = doc.y + 6;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(1)
    .strokeColor(DIVIDER)
    .stroke();
  y += 10;
  doc.font('regular').fontSize(11).fillColor(INK);
  doc.text(invoice.plan ?? 'Subscription', left, y, { width: width - amountWidth - 16 });
  if (invoice.period_start && invoice.period_end) {
    doc
      .fontSize(9)
      .fillColor(MUTED)
      .text(`${date(invoice.period_start)} – ${date(invoice.period_end)}`);
  }
  const lineBottom = doc.y;
  doc
    .fontSize(11)
    .fillColor(INK)
    .text(amount, left + width - amountWidth, y, { width: amountWidth, align: 'right' });
  y = Math.max(lineBottom, doc.y) + 10;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor(DIVIDER)
    .stroke();
  y += 12;

  // The total and whether it was paid.
  doc.font('semibold').fontSize(12).fillColor(INK);
  doc.text('Total', left + width - amountWidth * 2, y, { width: amountWidth, align: 'right' });
  doc.text(amount, left + width - amountWidth, y, { width: amountWidth, align: 'right' });
  y = doc.y + 6;
  const isPaid = invoice.status === 'paid';
  const status = isPaid ? `Paid${invoice.paid_at ? ` on ${date(invoice.paid_at)}` : ''}` : 'Payment failed';
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(isPaid ? POSITIVE : DANGER)
    .text(status, left, y, { width, align: 'right' });

  if (seller.notes) {
    y = doc.y + 36;
    doc.font('semibold').fontSize(9).fillColor(MUTED).text('NOTES', left, y, { characterSpacing: 0.5 });
    doc.font('regular').fontSize(10).fillColor(INK).text(seller.notes, { width });
  }
  doc.end();
  return doc;
}
