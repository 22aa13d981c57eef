import type { Selectable } from 'kysely';
import type { MailLogQuery } from '@kosh/contracts';
import type { Database } from '../../db/database.ts';
import type { MailLogTable } from '../../db/schema.ts';
import type { MailMessage, MailRecorder } from '../../mail/mailer.ts';
import { containsText, endOfDay, pageOf, startOfDay } from '../list-page.ts';

export type MailLogRow = Selectable<MailLogTable>;

/** Bodies kept for the preview; a mail is small, a runaway body is cut. */
const MAX_BODY = 256 * 1024;
const clip = (text: string | undefined) => (text === undefined ? null : text.slice(0, MAX_BODY));

/** The outgoing email log: what was sent or refused, kept 30 days. */
export class MailLogRepository implements MailRecorder {
  private readonly db: Database;
  private readonly clock: () => Date;
  constructor(db: Database, clock: () => Date) {
    this.db = db;
    this.clock = clock;
  }

  async record(message: MailMessage, outcome: { ok: true } | { ok: false; error: string }): Promise<void> {
    await this.db
      .insertInto('mail_log')
      .values({
        to_address: message.to.toLowerCase(),
        subject: message.subject.slice(0, 500),
        template: message.template ?? null,
        status: outcome.ok ? 'sent' : 'failed',
        error: outcome.ok ? null : outcome.error.slice(0, 2000),
        text_body: clip(message.text),
        html_body: clip(message.html),
        created_at: this.clock().toISOString(),
      })
      .execute();
  }

  getById(id: number): Promise<MailLogRow | undefined> {
    return this.db.selectFrom('mail_log').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Newest first; the search finds the text in the address or the subject. */
  list(query: MailLogQuery) {
    let base = this.db.selectFrom('mail_log');
    if (query.status) base = base.where('status', '=', query.status);
    if (query.template) base = base.where('template', '=', query.template);
    if (query.from) base = base.where('created_at', '>=', startOfDay(query.from));
    if (query.to) base = base.where('created_at', '<', endOfDay(query.to));
    const search = query.query;
    if (search) {
      base = base.where((eb) => eb.or([containsText('to_address', search), containsText('subject', search)]));
    }
    const dir = query.orderDir ?? 'desc';
    const rows = base
      .select(['id', 'to_address', 'subject', 'template', 'status', 'error', 'created_at'])
      .orderBy('created_at', dir)
      .orderBy('id', dir);
    return pageOf(
      rows,
      base.select((eb) => eb.fn.countAll<number>().as('total')),
      query,
    );
  }

  async deleteBefore(before: string): Promise<number> {
    const result = await this.db.deleteFrom('mail_log').where('created_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
