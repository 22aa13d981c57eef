import type { GetInvoiceResponse } from '@kosh/contracts';
import type { Actor } from '../../auth/actor.ts';
import { notFound } from '../../http/app-error.ts';
import type { SettingsReader } from '../../settings/settings.service.ts';
import type { UsersRepository } from '../../users/users.repository.ts';
import { presentInvoiceDocument } from './invoice-document.ts';
import { type InvoicePdfOptions, writeInvoicePdf } from './invoice-pdf.ts';
import type { InvoicesRepository } from './invoices.repository.ts';

const INVOICE_NOT_FOUND = 'This invoice was not found.';

/** One invoice for its owner: the printable page's data and the PDF. Staff see only their own here. */
export class InvoicesService {
  private readonly invoices: InvoicesRepository;
  private readonly users: Pick<UsersRepository, 'getById'>;
  private readonly settings: SettingsReader;
  constructor(deps: {
    invoices: InvoicesRepository;
    users: Pick<UsersRepository, 'getById'>;
    settings: SettingsReader;
  }) {
    this.invoices = deps.invoices;
    this.users = deps.users;
    this.settings = deps.settings;
  }

  /** The user's invoice with the seller and buyer; 404 alike for another user's and a missing one. */
  async document(actor: Actor, invoiceId: number): Promise<GetInvoiceResponse> {
    const userId = actor.requireUser().id;
    const [row, user] = await Promise.all([this.invoices.ofUser(userId, invoiceId), this.users.getById(userId)]);
    if (!row || !user) throw notFound(INVOICE_NOT_FOUND);
    const [company, notes, siteName] = await Promise.all([
      this.settings.get<string>('billing.invoice.company'),
      this.settings.get<string>('billing.invoice.notes'),
      this.settings.get<string>('branding.site_name'),
    ]);
    return presentInvoiceDocument(row, user, { company: company ?? '', notes: notes ?? '', siteName });
  }

  /** The invoice's PDF as a stream still being written, with the file name to save it under. */
  async pdf(actor: Actor, invoiceId: number): Promise<{ filename: string; stream: NodeJS.ReadableStream }> {
    const document = await this.document(actor, invoiceId);
    const options: InvoicePdfOptions = {
      timeZone: (await this.settings.get<string>('dates.default_timezone')) || 'UTC',
    };
    return { filename: `invoice-${document.invoice.number}.pdf`, stream: writeInvoicePdf(document, options) };
  }
}
