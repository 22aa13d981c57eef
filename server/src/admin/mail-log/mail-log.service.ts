import { type MailLogEntry, type MailLogPage, type MailLogQuery, Permission } from '@kosh/contracts';
import type { Actor } from '../../auth/actor.ts';
import { notFound } from '../../http/app-error.ts';
import type { MailLogRepository } from './mail-log.repository.ts';

/** The outgoing email log for holders of logs.view: the list, and one mail with its bodies. */
export class MailLogService {
  private readonly repo: MailLogRepository;
  constructor(repo: MailLogRepository) {
    this.repo = repo;
  }

  async list(actor: Actor, query: MailLogQuery): Promise<MailLogPage> {
    actor.authorize(Permission.logsView);
    const { rows, page } = await this.repo.list(query);
    return {
      pagination: {
        ...page,
        data: rows.map((r) => ({
          id: r.id,
          to: r.to_address,
          subject: r.subject,
          template: r.template,
          status: r.status,
          error: r.error,
          created_at: r.created_at,
        })),
      },
    };
  }

  async show(actor: Actor, id: number): Promise<MailLogEntry> {
    actor.authorize(Permission.logsView);
    const row = await this.repo.getById(id);
    if (!row) throw notFound('There is no such mail in the log.');
    return {
      id: row.id,
      to: row.to_address,
      subject: row.subject,
      template: row.template,
      status: row.status,
      error: row.error,
      created_at: row.created_at,
      text: row.text_body,
      html: row.html_body,
    };
  }
}
