import { randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse as parseDisposition } from 'content-disposition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GetInvoiceResponse, Invoice, Product } from '@kosh/contracts';
import { newAgent } from '../helpers/accounts.ts';
import { type BillingTestApp, createBillingApp, createPlan, subscribe } from '../helpers/billing.ts';
import { staffAgent } from '../helpers/staff.ts';
import type { Agent } from '../helpers/test-app.ts';

const COMPANY = 'Acme Storage Pvt Ltd\n12 MG Road, Bengaluru 560001\nGSTIN 29ABCDE1234F1Z5';
const NOTES = 'Thank you for your business.';

let t: BillingTestApp;
let plan: Product;
let owner: { agent: Agent; user: { id: number; email: string } };
let invoice: Invoice;
let tmp: string;

const putSettings = (settings: Record<string, unknown>) =>
  t.admin.request({ method: 'PUT', url: '/api/v1/settings', payload: { settings } });
const url = (id: number | string) => `/api/v1/billing/invoices/${id}`;
const pdfUrl = (id: number | string) => `${url(id)}/pdf`;

/** The text of a PDF as poppler's pdftotext reads it (layout kept, so lines stay lines). */
async function pdfText(bytes: Buffer): Promise<string> {
  const file = join(tmp, `${randomUUID()}.pdf`);
  await writeFile(file, bytes);
  const { stdout } = await promisify(execFile)('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
  return stdout;
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'kosh-invoices-'));
  t = await createBillingApp();
  plan = await createPlan(t, { amount: 149 });
  owner = await staffAgent(t);
  await t.modules.db
    .updateTable('users')
    .set({ first_name: 'Asha', last_name: 'Rao' })
    .where('id', '=', owner.user.id)
    .execute();
  await subscribe(t, owner.agent, plan);
  const list = (await owner.agent.get('/api/v1/billing/invoices')).json().pagination;
  invoice = list.data[0];
  const saved = await putSettings({ 'billing.invoice.company': COMPANY, 'billing.invoice.notes': NOTES });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('GET billing/invoices/:invoiceId', () => {
  it('answers the owner’s invoice with its number, the company details and the buyer', async () => {
    const res = await owner.agent.get(url(invoice.id));
    expect(res.statusCode, res.body).toBe(200);
    const body: GetInvoiceResponse = res.json();
    expect(body.invoice).toEqual({ ...invoice, number: `INV-${String(invoice.id).padStart(6, '0')}` });
    expect(body.invoice).toMatchObject({ plan: plan.name, amount: 149, status: 'paid' });
    expect(body.seller).toEqual({
      name: 'Acme Storage Pvt Ltd',
      lines: ['12 MG Road, Bengaluru 560001', 'GSTIN 29ABCDE1234F1Z5'],
      notes: NOTES,
    });
    expect(body.buyer).toEqual({ name: 'Asha Rao', email: owner.user.email });
  });

  it('heads the invoice with the site’s name while no company is set', async () => {
    await t.modules.settings.service.set('billing.invoice.company', '');
    try {
      const site = await t.modules.settings.service.get<string>('branding.site_name');
      expect((await owner.agent.get(url(invoice.id))).json().seller).toEqual({ name: site, lines: [], notes: NOTES });
    } finally {
      await t.modules.settings.service.set('billing.invoice.company', COMPANY);
    }
  });

  it('answers 404 alike for another user’s invoice (staff included) and an unknown one', async () => {
    const other = await staffAgent(t);
    const admin = t.admin;
    for (const agent of [other.agent, admin]) {
      const res = await agent.get(url(invoice.id));
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(plan.name);
    }
    const unknown = await owner.agent.get(url(2_000_000_000));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe((await other.agent.get(url(invoice.id))).json().message);
  });

  it('refuses guests with 401 and a malformed id with 422', async () => {
    expect((await newAgent(t).get(url(invoice.id))).statusCode).toBe(401);
    const malformed = await owner.agent.get(url('abc'));
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toHaveProperty('invoiceId');
  });
});

describe('GET billing/invoices/:invoiceId/pdf', () => {
  it('downloads the invoice as a PDF with the number, plan, amount in rupees, company, notes and buyer', async () => {
    const res = await owner.agent.get(pdfUrl(invoice.id));
    expect(res.statusCode, res.body).toBe(200);
    const number = `INV-${String(invoice.id).padStart(6, '0')}`;
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(parseDisposition(String(res.headers['content-disposition']))).toEqual({
      type: 'attachment',
      parameters: { filename: `invoice-${number}.pdf` },
    });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      number,
      plan.name,
      'Acme Storage Pvt Ltd',
      '12 MG Road, Bengaluru 560001',
      'GSTIN 29ABCDE1234F1Z5',
      NOTES,
      'Asha Rao',
      owner.user.email,
      'Paid',
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/Total\s+₹149\s/);
  });

  it('answers 404 to another user and an unknown id, 401 to guests and 422 to a malformed id', async () => {
    const other = await staffAgent(t);
    const res = await other.agent.get(pdfUrl(invoice.id));
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect((await t.admin.get(pdfUrl(invoice.id))).statusCode).toBe(404);
    expect((await owner.agent.get(pdfUrl(2_000_000_000))).statusCode).toBe(404);
    expect((await newAgent(t).get(pdfUrl(invoice.id))).statusCode).toBe(401);
    expect((await owner.agent.get(pdfUrl('0'))).statusCode).toBe(422);
  });
});

describe('invoice settings', () => {
  it('holds the company details and notes to 1,000 characters', async () => {
    for (const key of ['billing.invoice.company', 'billing.invoice.notes']) {
      const res = await putSettings({ [key]: 'x'.repeat(1001) });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[key]).toEqual(['Use at most 1000 characters.']);
    }
    expect((await putSettings({ 'billing.invoice.notes': 'x'.repeat(1000) })).statusCode).toBe(200);
    expect((await putSettings({ 'billing.invoice.notes': NOTES })).statusCode).toBe(200);
  });
});
