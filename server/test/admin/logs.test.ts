import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type AuditEntry,
  type ErrorLogEntry,
  type Job,
  type JobRun,
  type MailLogRow,
  Permission,
} from '@kosh/contracts';
import { PeriodicJob } from '../../src/db/periodic-job.ts';
import { newAgent } from '../helpers/accounts.ts';
import { createUser } from '../helpers/factories.ts';
import { type Agent, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { staffAgent } from '../helpers/staff.ts';

let t: TestApp;
let visitor: Agent;
let plainUser: Agent;
let logReader: Agent;
let admin: Agent;
let adminId: number;

/** A signed-in agent; `permission` is granted to the user directly. */
const agentOf = async (opts: { admin?: boolean; permission?: string } = {}): Promise<Agent> =>
  (await staffAgent(t, { admin: opts.admin, permissions: opts.permission ? [opts.permission] : [] })).agent;

const ok = async <T>(agent: Agent, url: string): Promise<T> => {
  const res = await agent.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
/** The audit rows of "Run now" for one job, newest first. */
const jobAudit = async (job: string) =>
  (
    await ok<{ pagination: { data: AuditEntry[] } }>(admin, '/api/v1/admin/audit-log?action=job.run')
  ).pagination.data.filter((entry) => entry.target_id === job);
const runNow = (agent: Agent, job: string) => agent.request({ method: 'POST', url: `/api/v1/admin/jobs/${job}/run` });

beforeAll(async () => {
  // An SMTP server nobody listens on: every mail is refused, and the log says so.
  t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
  visitor = newAgent(t);
  plainUser = await agentOf();
  logReader = await agentOf({ permission: Permission.logsView });
  ({
    agent: admin,
    user: { id: adminId },
  } = await staffAgent(t, { admin: true }));
});
afterAll(() => t.close());

describe('every admin log call is for holders of logs.view or admin only', () => {
  it.each([
    ['GET', '/api/v1/admin/jobs'],
    ['GET', '/api/v1/admin/job-runs'],
    ['POST', '/api/v1/admin/jobs/drive-maintenance/run'],
    ['GET', '/api/v1/admin/mail-log'],
    ['GET', '/api/v1/admin/mail-log/1'],
    ['GET', '/api/v1/admin/logs/error/files'],
    ['GET', '/api/v1/admin/logs/error'],
    ['GET', '/api/v1/admin/logs/error/download?file=error.log'],
  ] as const)('%s %s', async (method, url) => {
    expect((await visitor.request({ method, url })).statusCode).toBe(401);
    expect((await plainUser.request({ method, url })).statusCode).toBe(403);
  });
});

describe('schedule', () => {
  it('lists the periodic jobs with their last run', async () => {
    const { jobs } = await ok<{ jobs: Job[] }>(logReader, '/api/v1/admin/jobs');
    expect(jobs.map((j) => j.key).sort()).toEqual([
      'drive-maintenance',
      'logs-cleanup',
      'page-images-sweep',
      'uploads-maintenance',
    ]);
    expect(jobs.find((j) => j.key === 'drive-maintenance')?.interval_ms).toBe(3600_000);
  });

  it('runs a job now and answers its run; a scheduled run is written down too', async () => {
    await t.modules.db
      .updateTable('users')
      .set({ first_name: 'Asha', last_name: 'Rao' })
      .where('id', '=', adminId)
      .execute();
    const res = await runNow(admin, 'drive-maintenance');
    expect(res.statusCode, res.body).toBe(200);
    const run: JobRun = res.json().run;
    expect(run).toMatchObject({
      job: 'drive-maintenance',
      trigger: 'manual',
      triggered_by: adminId,
      triggered_by_name: 'Asha Rao',
      status: 'succeeded',
    });
    expect(run.output).toMatchObject({ purged: 0, orphans: 0 });
    expect(run.duration_ms).toBeGreaterThanOrEqual(0);

    await t.modules.uploads.maintenance.runOnce();
    const { pagination } = await ok<{ pagination: { data: JobRun[] } }>(
      admin,
      '/api/v1/admin/job-runs?job=uploads-maintenance',
    );
    expect(pagination.data[0]).toMatchObject({
      trigger: 'schedule',
      triggered_by: null,
      triggered_by_name: null,
      status: 'succeeded',
    });
    const { jobs } = await ok<{ jobs: Job[] }>(admin, '/api/v1/admin/jobs');
    const last = jobs.find((j) => j.key === 'drive-maintenance')?.last_run;
    expect(last).toMatchObject({ id: run.id, triggered_by_name: 'Asha Rao' });
    const manual = await ok<{ pagination: { data: JobRun[] } }>(admin, '/api/v1/admin/job-runs?job=drive-maintenance');
    expect(manual.pagination.data[0]).toMatchObject({ id: run.id, triggered_by_name: 'Asha Rao' });
    // Only the run started by hand is a staff change.
    expect(await jobAudit('drive-maintenance')).toEqual([
      expect.objectContaining({ target_label: 'Drive maintenance', after: { run_id: run.id, status: 'succeeded' } }),
    ]);
  });

  it('writes down a failed run with its error, and answers it', async () => {
    const job = new PeriodicJob<never>({
      name: 'broken job',
      db: t.modules.db,
      dialect: t.modules.dialect,
      lockId: 0x6b6f7466,
      logger: t.modules.logger,
      runs: t.modules.admin.repos.jobRuns,
    });
    t.modules.admin.jobs.register({
      key: job.key,
      label: 'Broken',
      description: 'Always fails.',
      intervalMs: 60_000,
      run: (trigger) =>
        job.once(async () => {
          throw new Error('The disk is on fire.');
        }, trigger),
    });
    const res = await runNow(logReader, 'broken-job');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().run).toMatchObject({ status: 'failed', error: 'The disk is on fire.', output: null });
    const failed = await ok<{ pagination: { data: JobRun[] } }>(admin, '/api/v1/admin/job-runs?status=failed');
    expect(failed.pagination.data.map((r) => r.job)).toEqual(['broken-job']);
    expect((await jobAudit('broken-job'))[0]?.after).toEqual({ run_id: res.json().run.id, status: 'failed' });
  });

  it('answers 404 for an unknown job and 422 for bad filters', async () => {
    expect((await runNow(admin, 'no-such-job')).statusCode).toBe(404);
    expect(await jobAudit('no-such-job')).toEqual([]);
    expect((await admin.get('/api/v1/admin/job-runs?status=done')).statusCode).toBe(422);
    expect((await admin.get('/api/v1/admin/job-runs?perPage=500')).statusCode).toBe(422);
  });
});

describe('outgoing email', () => {
  it('writes down every mail with its template, and a refused one with the error', async () => {
    const user = await createUser(t.modules);
    const res = await visitor.request({
      method: 'POST',
      url: '/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(res.statusCode).toBeLessThan(500);
    // The reset mail may go out after the answer; wait for its row.
    const { pagination } = await vi.waitFor(async () => {
      const page = await ok<{ pagination: { data: MailLogRow[] } }>(
        logReader,
        `/api/v1/admin/mail-log?query=${encodeURIComponent(user.email)}`,
      );
      expect(page.pagination.data).toHaveLength(1);
      return page;
    });
    const row = pagination.data[0] as MailLogRow;
    expect(row).toMatchObject({ to: user.email, template: 'password_reset', status: 'failed' });
    expect(row.error).toBeTruthy();
    const detail = await ok<{ mail: { html: string; text: string } }>(logReader, `/api/v1/admin/mail-log/${row.id}`);
    expect(detail.mail.text).toContain('/password/reset/');
    expect(detail.mail.html).toContain('<a href=');
  });

  it('filters by status and template, searches the subject, and answers 404 for an unknown mail', async () => {
    const to = `Sent-${Date.now()}@Kosh.test`;
    await t.modules.admin.repos.mailLog.record(
      { to, subject: 'Weekly 100% digest', text: 'Hello', template: 'notification' },
      { ok: true },
    );
    const sent = await ok<{ pagination: { data: MailLogRow[] } }>(admin, '/api/v1/admin/mail-log?status=sent');
    expect(sent.pagination.data.map((m) => m.to)).toContain(to.toLowerCase());
    expect(sent.pagination.data.every((m) => m.status === 'sent')).toBe(true);
    const byTemplate = await ok<{ pagination: { total: number } }>(
      admin,
      '/api/v1/admin/mail-log?template=password_reset',
    );
    expect(byTemplate.pagination.total).toBeGreaterThanOrEqual(1);
    // % is taken literally, not as a wildcard.
    const literal = await ok<{ pagination: { total: number } }>(admin, '/api/v1/admin/mail-log?query=100%25%20d');
    expect(literal.pagination.total).toBeGreaterThanOrEqual(1);
    const none = await ok<{ pagination: { total: number } }>(admin, '/api/v1/admin/mail-log?query=1%25%25');
    expect(none.pagination.total).toBe(0);
    expect((await admin.get('/api/v1/admin/mail-log/999999')).statusCode).toBe(404);
    expect((await admin.get('/api/v1/admin/mail-log?status=bounced')).statusCode).toBe(422);
  });

  it('keeps mail and job runs 30 days: the cleanup job removes older ones', async () => {
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await t.modules.db
      .insertInto('mail_log')
      .values({ to_address: 'old@kosh.test', subject: 'Old', status: 'sent', created_at: old })
      .execute();
    await t.modules.db
      .insertInto('job_runs')
      .values({ job: 'drive-maintenance', trigger: 'schedule', status: 'succeeded', started_at: old })
      .execute();
    const res = await runNow(admin, 'logs-cleanup');
    expect(res.json().run).toMatchObject({ status: 'succeeded', output: { mails: 1, runs: 1 } });
    const left = await ok<{ pagination: { total: number } }>(admin, '/api/v1/admin/mail-log?query=old@kosh');
    expect(left.pagination.total).toBe(0);
  });
});

describe('error log', () => {
  const line = (time: number, level: number, msg: string, extra: Record<string, unknown> = {}) =>
    `${JSON.stringify({ level, time, pid: 1, msg, ...extra })}\n`;
  let logDir: string;

  beforeAll(() => {
    logDir = path.join(t.modules.config.dataDir, 'logs');
    fs.mkdirSync(logDir, { recursive: true });
    const older = path.join(logDir, 'error-2026-11-20-0.log');
    fs.writeFileSync(older, line(Date.parse('2026-11-20T10:00:00Z'), 50, 'yesterday failed'));
    fs.utimesSync(older, new Date('2026-11-20T10:00:00Z'), new Date('2026-11-20T10:00:00Z'));
    // The server's own logger appends to error.log; the newest file here is one it does not write.
    const newest = path.join(logDir, 'error-2026-11-26-1.log');
    fs.writeFileSync(
      newest,
      [
        line(Date.parse('2026-11-26T08:00:00Z'), 50, 'request failed', {
          reqId: 'req-1',
          err: { type: 'Error', message: 'Connection reset', stack: 'Error: Connection reset\n    at socket.ts:1' },
          req: { method: 'GET', url: '/api/v1/drive/file-entries' },
        }),
        'not json at all\n',
        line(Date.parse('2026-11-26T08:01:00Z'), 60, 'out of memory'),
        line(Date.parse('2026-11-26T08:02:00Z'), 50, 'thumbnail failed', { reqId: 'req-2' }),
      ].join(''),
    );
    fs.utimesSync(newest, new Date('2099-01-01T00:00:00Z'), new Date('2099-01-01T00:00:00Z'));
  });

  it('lists the files newest first', async () => {
    const { files } = await ok<{ files: Array<{ name: string; size: number }> }>(
      logReader,
      '/api/v1/admin/logs/error/files',
    );
    const names = files.map((f) => f.name);
    expect(names[0]).toBe('error-2026-11-26-1.log');
    expect(names.at(-1)).toBe('error-2026-11-20-0.log');
  });

  it('answers the newest file in a table, newest first, filtered and searched', async () => {
    type Page = { file: string; pagination: { data: ErrorLogEntry[]; total: number } };
    const all = await ok<Page>(logReader, '/api/v1/admin/logs/error');
    expect(all.file).toBe('error-2026-11-26-1.log');
    expect(all.pagination.data.map((e) => e.message)).toEqual([
      'thumbnail failed',
      'out of memory',
      'request failed: Connection reset',
    ]);
    expect(all.pagination.data[2]).toMatchObject({ level: 'error', request_id: 'req-1', offset: 0 });
    const fatal = await ok<Page>(logReader, '/api/v1/admin/logs/error?level=fatal');
    expect(fatal.pagination.data.map((e) => e.message)).toEqual(['out of memory']);
    const search = await ok<Page>(logReader, '/api/v1/admin/logs/error?query=REQ-2');
    expect(search.pagination.data.map((e) => e.message)).toEqual(['thumbnail failed']);
    const older = await ok<Page>(logReader, '/api/v1/admin/logs/error?file=error-2026-11-20-0.log');
    expect(older.pagination.total).toBe(1);
    const paged = await ok<Page>(logReader, '/api/v1/admin/logs/error?perPage=2&page=2&orderDir=asc');
    expect(paged.pagination.data.map((e) => e.message)).toEqual(['thumbnail failed']);
  });

  it('shows one entry with its stack and context; 404 where no entry starts', async () => {
    const first = await ok<{ entry: { stack: string; context: Record<string, unknown> } }>(
      logReader,
      '/api/v1/admin/logs/error/error-2026-11-26-1.log/0',
    );
    expect(first.entry.stack).toContain('at socket.ts:1');
    expect(first.entry.context).toMatchObject({ reqId: 'req-1', req: { url: '/api/v1/drive/file-entries' } });
    expect((await logReader.get('/api/v1/admin/logs/error/error-2026-11-26-1.log/5')).statusCode).toBe(404);
    expect((await logReader.get('/api/v1/admin/logs/error/error-2026-11-26-1.log/999999')).statusCode).toBe(404);
  });

  it('downloads a listed file and refuses any other name', async () => {
    const res = await logReader.get('/api/v1/admin/logs/error/download?file=error-2026-11-20-0.log');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('error-2026-11-20-0.log');
    expect(res.body).toContain('yesterday failed');
    expect((await logReader.get('/api/v1/admin/logs/error/download?file=error-2020-01-01-0.log')).statusCode).toBe(404);
    for (const name of ['../config.json', 'kosh.log', 'error.log/../../x'])
      expect(
        (await logReader.get(`/api/v1/admin/logs/error/download?file=${encodeURIComponent(name)}`)).statusCode,
      ).toBe(422);
    expect((await logReader.get('/api/v1/admin/logs/error?file=..%2Fsecrets')).statusCode).toBe(422);
  });
});
