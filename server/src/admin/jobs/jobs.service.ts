import {
  Permission,
  type Job,
  type JobRun,
  type JobRunsPage,
  type JobRunsQuery,
  type JobsResponse,
} from '@kosh/contracts';
import type { Actor } from '../../auth/actor.ts';
import type { AuditService, AuditSource } from '../audit/audit.service.ts';
import type { JobTrigger } from '../../db/periodic-job.ts';
import { conflict, notFound } from '../../http/app-error.ts';
import type { JobRunRow, JobRunsRepository } from './job-runs.repository.ts';
import { storedJson } from '../list-page.ts';

/** A periodic job as the schedule screen lists it, with a way to start it now. */
export type ScheduledJob = {
  key: string;
  label: string;
  description: string;
  intervalMs: number;
  run(trigger: JobTrigger): Promise<unknown>;
};

const isSkipped = (result: unknown) =>
  typeof result === 'object' && result !== null && (result as { skipped?: unknown }).skipped === true;

/** The schedule log: the periodic jobs, their runs, and "Run now" (holders of logs.view). */
export class JobsService {
  private readonly runs: JobRunsRepository;
  private readonly audit: AuditService;
  private readonly jobs = new Map<string, ScheduledJob>();
  constructor(runs: JobRunsRepository, audit: AuditService) {
    this.runs = runs;
    this.audit = audit;
  }

  register(job: ScheduledJob): void {
    this.jobs.set(job.key, job);
  }

  async list(actor: Actor): Promise<JobsResponse> {
    actor.authorize(Permission.logsView);
    const latest = await this.runs.latestOf([...this.jobs.keys()]);
    const names = await this.runs.staffNames([...latest.values()].map((r) => r.triggered_by));
    const jobs: Job[] = [...this.jobs.values()].map((job) => {
      const last = latest.get(job.key);
      return {
        key: job.key,
        label: job.label,
        description: job.description,
        interval_ms: job.intervalMs,
        last_run: last ? presentRun(last, names) : null,
      };
    });
    return { jobs };
  }

  async listRuns(actor: Actor, query: JobRunsQuery): Promise<JobRunsPage> {
    actor.authorize(Permission.logsView);
    const { rows, page } = await this.runs.list(query);
    const names = await this.runs.staffNames(rows.map((r) => r.triggered_by));
    return { pagination: { ...page, data: rows.map((r) => presentRun(r, names)) } };
  }

  /**
   * Runs a job now and answers its run once it ends (a failed run is a run: it answers 200 with
   * its error). 409 when another process holds the job's lock; a run under way in this process
   * is joined rather than started twice. A run started by hand is a staff change (a purge removes
   * files), so it is audited with the run it made; a refused one changed nothing.
   */
  async runNow(source: AuditSource, key: string): Promise<JobRun> {
    const { actor } = source;
    actor.authorize(Permission.logsView);
    const user = actor.requireUser();
    const job = this.jobs.get(key);
    if (!job) throw notFound('There is no such job.');
    const result = await job.run({ kind: 'manual', userId: user.id }).catch(() => undefined);
    if (isSkipped(result)) throw conflict('This job is running in another process. Try again when it has finished.');
    const latest = (await this.runs.latestOf([key])).get(key);
    if (!latest) throw notFound('The run was not recorded.');
    await this.audit.record(source, {
      action: 'job.run',
      targetType: 'job',
      targetId: key,
      targetLabel: job.label,
      after: { run_id: latest.id, status: latest.status },
    });
    return presentRun(latest, await this.runs.staffNames([latest.triggered_by]));
  }
}

export function presentRun(row: JobRunRow, staffNames: Map<number, string>): JobRun {
  return {
    id: row.id,
    job: row.job,
    trigger: row.trigger,
    triggered_by: row.triggered_by,
    triggered_by_name: row.triggered_by === null ? null : (staffNames.get(row.triggered_by) ?? null),
    status: row.status,
    output: storedJson(row.output),
    error: row.error,
    duration_ms: row.duration_ms,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}
