import { describe, expect, it } from 'vitest';
import { buyerName, invoiceNumber, sellerOf } from './invoice-document.ts';
import { formatInvoiceAmount } from './invoice-pdf.ts';

describe('invoice document', () => {
  it('numbers invoices from their id with at least six digits', () => {
    expect(invoiceNumber(123)).toBe('INV-000123');
    expect(invoiceNumber(1_234_567)).toBe('INV-1234567');
  });

  it('heads the invoice with the company’s first line, else the site’s name', () => {
    const company = ' Acme Ltd \r\n\n12 MG Road\nGSTIN 29ABCDE1234F1Z5\n';
    expect(sellerOf({ company, notes: ' Thanks. ', siteName: 'Kosh' })).toEqual({
      name: 'Acme Ltd',
      lines: ['12 MG Road', 'GSTIN 29ABCDE1234F1Z5'],
      notes: 'Thanks.',
    });
    expect(sellerOf({ company: '  \n ', notes: '', siteName: 'Kosh' })).toEqual({ name: 'Kosh', lines: [], notes: '' });
  });

  it('names the buyer from the profile, or not at all', () => {
    expect(buyerName({ first_name: 'Asha', last_name: null })).toBe('Asha');
    expect(buyerName({ first_name: null, last_name: null })).toBeNull();
  });

  it('writes amounts with the currency’s symbol', () => {
    expect(formatInvoiceAmount(149, 'inr')).toBe('₹149');
    expect(formatInvoiceAmount(1499.5, 'INR')).toBe('₹1,499.50');
    expect(formatInvoiceAmount(9, 'usd')).toBe('$9');
  });
});
