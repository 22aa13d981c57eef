import {
  type AdminEnquiriesPage,
  type AdminEnquiriesQuery,
  type AdminEnquiry,
  type BulkEnquiriesResponse,
  type EnquiryReplyBody,
  type EnquiryStatus,
  Permission,
} from '@kosh/contracts';
import type { Logger } from 'pino';
import type { Actor } from '../../auth/actor.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { MailTemplates } from '../../mail/mail-templates.service.ts';
import type { SettingsService } from '../../settings/settings.service.ts';
import type { AuditService, AuditSource } from '../audit/audit.service.ts';
import type { AdminEnquiryRow, EnquiriesAdminRepository } from './enquiries-admin.repository.ts';
import { enquiryReplyMail } from './enquiry-reply-mail.ts';

type Deps = {
  db: Database;
  repo: EnquiriesAdminRepository;
  audit: AuditService;
  mailer: Mailer;
  templates: MailTemplates;
  settings: Pick<SettingsService, 'get'>;
  logger: Logger;
  clock: Clock;
};

const present = (row: AdminEnquiryRow): AdminEnquiry => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  email: row.email,
  mobile_number: row.mobile_number,
  message: row.message,
  status: row.status,
  user_id: row.user_id,
  mailed_at: row.mailed_at,
  replied_at: row.replied_at,
  created_at: row.created_at,
});

/**
 * Enquiries for staff (the admin layout's admin.access): the list, the handling state (new,
 * answered, archived) and a reply by mail that marks the enquiry answered. Changes are audited.
 */
export class EnquiriesAdminService {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  async list(actor: Actor, query: AdminEnquiriesQuery): Promise<AdminEnquiriesPage> {
    actor.authorize(Permission.adminAccess);
    const { rows, page } = await this.deps.repo.list(query);
    return { pagination: { ...page, data: rows.map(present) } };
  }

  async setStatus(source: AuditSource, id: number, status: EnquiryStatus): Promise<AdminEnquiry> {
    source.actor.authorize(Permission.adminAccess);
    const row = await this.deps.db.transaction().execute(async (trx) => {
      const before = await this.swapStatus(id, { status }, trx);
      if (before.status !== status)
        await this.deps.audit.record(
          source,
          {
            action: 'enquiry.status',
            targetType: 'enquiry',
            targetId: id,
            targetLabel: before.email,
            before: { status: before.status },
            after: { status },
          },
          trx,
        );
      return { ...before, status };
    });
    return present(row);
  }

  /** The bulk status change: each picked enquiry on its own, audited like one changed alone. */
  async setStatusMany(source: AuditSource, ids: number[], status: EnquiryStatus): Promise<BulkEnquiriesResponse> {
    source.actor.authorize(Permission.adminAccess);
    const results: BulkEnquiriesResponse['results'] = [];
    for (const id of new Set(ids)) {
      try {
        await this.setStatus(source, id, status);
        results.push({ id, ok: true });
      } catch (error) {
        if (!(error instanceof AppError) || error.status !== 404) throw error;
        results.push({ id, ok: false, message: error.message });
      }
    }
    return { results };
  }

  /**
   * Deletes the picked enquiries for good (a sender may ask for their data to go). The audit row
   * keeps who sent it and when, not the message.
   */
  async deleteMany(source: AuditSource, ids: number[]): Promise<BulkEnquiriesResponse> {
    source.actor.authorize(Permission.adminAccess);
    const results: BulkEnquiriesResponse['results'] = [];
    for (const id of new Set(ids)) {
      const gone = await this.deps.db.transaction().execute(async (trx) => {
        const row = await this.deps.repo.getById(id, trx);
        if (!row || !(await this.deps.repo.delete(id, trx))) return false;
        await this.deps.audit.record(
          source,
          {
            action: 'enquiry.delete',
            targetType: 'enquiry',
            targetId: id,
            targetLabel: row.email,
            before: { kind: row.kind, name: row.name, status: row.status, created_at: row.created_at },
          },
          trx,
        );
        return true;
      });
      results.push(gone ? { id, ok: true } : { id, ok: false, message: 'There is no such enquiry.' });
    }
    return { results };
  }

  /**
   * Moves the enquiry to `patch.status` from whatever it holds now and answers the row as it was:
   * two staff changing it at once each record the status they really replaced.
   */
  private async swapStatus(
    id: number,
    patch: { status: EnquiryStatus; replied_at?: string },
    trx: Database,
  ): Promise<AdminEnquiryRow> {
    for (;;) {
      const before = await this.deps.repo.getById(id, trx);
      if (!before) throw notFound('There is no such enquiry.');
      if (before.status === patch.status && !patch.replied_at) return before;
      if (await this.deps.repo.updateFrom(id, before.status, patch, trx)) return before;
    }
  }

  /**
   * Mails the reply to the sender; only once it went out is the enquiry marked answered. A mail
   * that fails answers 503 and changes nothing (the outgoing email log keeps the failure).
   */
  async reply(source: AuditSource, id: number, body: EnquiryReplyBody): Promise<AdminEnquiry> {
    source.actor.authorize(Permission.adminAccess);
    const enquiry = await this.deps.repo.getById(id);
    if (!enquiry) throw notFound('There is no such enquiry.');
    const siteName = await this.deps.settings.get<string>('branding.site_name');
    const mail = await enquiryReplyMail(this.deps.templates, enquiry, body, siteName);
    try {
      await this.deps.mailer.send(mail);
    } catch (err) {
      this.deps.logger.error({ err, enquiryId: id }, 'could not mail a reply to an enquiry');
      throw new AppError(503, 'The reply could not be sent. Check the outgoing email settings and try again.', {
        code: 'service_unavailable',
      });
    }
    const at = this.deps.clock().toISOString();
    const before = await this.deps.db.transaction().execute(async (trx) => {
      const row = await this.swapStatus(id, { status: 'answered', replied_at: at }, trx);
      await this.deps.audit.record(
        source,
        {
          action: 'enquiry.reply',
          targetType: 'enquiry',
          targetId: id,
          targetLabel: row.email,
          before: { status: row.status },
          after: { status: 'answered', subject: body.subject, message: body.message },
        },
        trx,
      );
      return row;
    });
    return present({ ...before, status: 'answered', replied_at: at });
  }
}
