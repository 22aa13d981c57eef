import type { Selectable } from 'kysely';
import type { JobRunsQuery } from '@kosh/contracts';
import type { Database } from '../../db/database.ts';
import type { JobRunRecorder, JobTrigger } from '../../db/periodic-job.ts';
import type { JobRunsTable } from '../../db/schema.ts';
import { displayName } from '../../shares/shares.repository.ts';
import { containsText, endOfDay, pageOf, startOfDay } from '../list-page.ts';

export type JobRunRow = Selectable<JobRunsTable>;

/** Output and error text kept per run: enough to read, never a runaway row. */
const MAX_TEXT = 8000;
const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text);

/** The schedule log: one row per run of a periodic job, written as it starts and as it ends. */
export class JobRunsRepository implements JobRunRecorder {
  private readonly db: Database;
  private readonly clock: () => Date;
  constructor(db: Database, clock: () => Date) {
    this.db = db;
    this.clock = clock;
  }

  async started(job: string, trigger: JobTrigger): Promise<number> {
    const row = await this.db
      .insertInto('job_runs')
      .values({
        job,
        trigger: trigger.kind,
        triggered_by: trigger.kind === 'manual' ? trigger.userId : null,
        status: 'running',
        started_at: this.clock().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async finished(id: number, outcome: { ok: true; output: unknown } | { ok: false; error: string }): Promise<void> {
    const at = this.clock();
    const row = await this.db.selectFrom('job_runs').select('started_at').where('id', '=', id).executeTakeFirst();
    await this.db
      .updateTable('job_runs')
      .set({
        status: outcome.ok ? 'succeeded' : 'failed',
        output: outcome.ok && outcome.output !== undefined ? clip(JSON.stringify(outcome.output)) : null,
        error: outcome.ok ? null : clip(outcome.error),
        finished_at: at.toISOString(),
        duration_ms: row ? Math.max(0, at.getTime() - Date.parse(row.started_at)) : null,
      })
      .where('id', '=', id)
      .execute();
  }

  getById(id: number): Promise<JobRunRow | undefined> {
    return this.db.selectFrom('job_runs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The latest run of each job named. */
  async latestOf(jobs: string[]): Promise<Map<string, JobRunRow>> {
    const rows = await Promise.all(
      jobs.map((job) =>
        this.db
          .selectFrom('job_runs')
          .selectAll()
          .where('job', '=', job)
          .orderBy('started_at', 'desc')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst(),
      ),
    );
    return new Map(rows.filter((r) => r !== undefined).map((r) => [r.job, r]));
  }

  list(query: JobRunsQuery) {
    let base = this.db.selectFrom('job_runs');
    if (query.job) base = base.where('job', '=', query.job);
    if (query.status) base = base.where('status', '=', query.status);
    const search = query.query;
    // Finds a run by what went wrong ("ENOSPC") or by its job's key.
    if (search) base = base.where((eb) => eb.or([containsText('error', search), containsText('job', search)]));
    if (query.from) base = base.where('started_at', '>=', startOfDay(query.from));
    if (query.to) base = base.where('started_at', '<', endOfDay(query.to));
    const dir = query.orderDir ?? 'desc';
    const rows = base.selectAll().orderBy('started_at', dir).orderBy('id', dir);
    return pageOf(
      rows,
      base.select((eb) => eb.fn.countAll<number>().as('total')),
      query,
    );
  }

  /** The display names of the staff who started runs by hand, by user id (deleted accounts are absent). */
  async staffNames(ids: Array<number | null>): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((id) => id !== null))];
    if (!wanted.length) return new Map();
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name'])
      .where('id', 'in', wanted)
      .execute();
    return new Map(rows.map((r) => [r.id, displayName(r)]));
  }

  /** Runs that ended before `before` (the log keeps 30 days). */
  async deleteBefore(before: string): Promise<number> {
    const result = await this.db.deleteFrom('job_runs').where('started_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
