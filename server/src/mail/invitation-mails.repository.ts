import { sql, type Insertable, type Selectable } from 'kysely';
import { isPostgres, type Database } from '../db/database.ts';
import type { InvitationMailsTable } from '../db/schema.ts';
import { immediateTransaction } from '../drive/owner-transaction.ts';

export type InvitationMailRow = Selectable<InvitationMailsTable>;
export type InvitationKind = InvitationMailsTable['kind'];

/** Arbitrary but fixed: the advisory lock that serialises the accounting of invitation mails. */
const INVITATION_MAILS_LOCK = 0x6b6f6d69; // "komi"

/** Queries of invitation_mails: what was mailed to whom, when, and with which token. */
export class InvitationMailsRepository {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  /**
   * A write transaction in which invitation mails are counted and recorded one caller at a time:
   * an advisory lock on PostgreSQL (several processes), BEGIN IMMEDIATE on SQLite.
   */
  withLock<T>(work: (trx: Database) => Promise<T>): Promise<T> {
    const postgres = isPostgres(this.db);
    return immediateTransaction(this.db, postgres ? 'postgres' : 'sqlite', async (trx) => {
      if (postgres) await sql`select pg_advisory_xact_lock(${INVITATION_MAILS_LOCK}::int)`.execute(trx);
      return work(trx);
    });
  }

  /** Mails (not rows: one mail may name several entries) sent since then, by one sender or by all. */
  async countMailsSince(trx: Database, since: string, senderId?: number): Promise<number> {
    let query = trx
      .selectFrom('invitation_mails')
      .select((eb) => eb.fn.count<number>('token_hash').distinct().as('n'))
      .where('sent_at', '>=', since);
    if (senderId !== undefined) query = query.where('sender_id', '=', senderId);
    const { n } = await query.executeTakeFirstOrThrow();
    return Number(n);
  }

  /** Which of these entries or workspaces were mailed about to the address since then. */
  async mailedSince(
    trx: Database,
    target: { email: string; kind: InvitationKind; subjectIds: number[] },
    since: string,
  ): Promise<Set<number>> {
    if (!target.subjectIds.length) return new Set();
    const rows = await trx
      .selectFrom('invitation_mails')
      .select('subject_id')
      .where('email', '=', target.email)
      .where('kind', '=', target.kind)
      .where('subject_id', 'in', target.subjectIds)
      .where('sent_at', '>=', since)
      .execute();
    return new Set(rows.map((r) => r.subject_id));
  }

  async insert(trx: Database, rows: Insertable<InvitationMailsTable>[]): Promise<void> {
    if (rows.length) await trx.insertInto('invitation_mails').values(rows).execute();
  }

  /** The rows of a mail whose token is still unused and was sent to this address. */
  unusedOfToken(email: string, tokenHash: string): Promise<InvitationMailRow[]> {
    return this.db
      .selectFrom('invitation_mails')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('email', '=', email.toLowerCase())
      .where('used_at', 'is', null)
      .execute();
  }

  /** The rows of a mail sent to this address. */
  ofToken(email: string, tokenHash: string): Promise<InvitationMailRow[]> {
    return this.db
      .selectFrom('invitation_mails')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where('email', '=', email.toLowerCase())
      .execute();
  }

  /** Every token mailed to the address stops proving it (the address is proven now). */
  async markUsed(email: string, at: string): Promise<void> {
    await this.db
      .updateTable('invitation_mails')
      .set({ used_at: at })
      .where('email', '=', email.toLowerCase())
      .where('used_at', 'is', null)
      .execute();
  }
}
