import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRun } from '@kosh/contracts';
import { PeriodicJob } from '../../src/db/periodic-job.ts';
import { type Agent, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { staffAgent } from '../helpers/staff.ts';

let t: TestApp;
let admin: Agent;

const runsOf = async (search: string): Promise<JobRun[]> => {
  const res = await admin.get(`/api/v1/admin/job-runs?${new URLSearchParams({ query: search })}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pagination.data;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = (await staffAgent(t, { admin: true })).agent;
  // A job that fails with a known error, beside the real jobs that succeed.
  const job = new PeriodicJob<never>({
    name: 'disk check',
    db: t.modules.db,
    dialect: t.modules.dialect,
    lockId: 0x6b6f7467,
    logger: t.modules.logger,
    runs: t.modules.admin.repos.jobRuns,
  });
  t.modules.admin.jobs.register({
    key: job.key,
    label: 'Disk check',
    description: 'Always fails.',
    intervalMs: 60_000,
    run: (trigger) =>
      job.once(async () => {
        throw new Error('ENOSPC: no space left on device');
      }, trigger),
  });
  for (const key of ['disk-check', 'drive-maintenance', 'logs-cleanup']) {
    const res = await admin.request({ method: 'POST', url: `/api/v1/admin/jobs/${key}/run` });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t.close());

describe('the job runs search (the schedule tab search box)', () => {
  it("finds runs by text in their error, whatever its case, and by their job's key", async () => {
    expect((await runsOf('enospc')).map((r) => r.job)).toEqual(['disk-check']);
    expect((await runsOf('No Space')).map((r) => r.status)).toEqual(['failed']);
    expect((await runsOf('maintenance')).map((r) => r.job)).toEqual(['drive-maintenance']);
    expect(await runsOf('nothing like this')).toEqual([]);
  });

  it('combines the search with the other filters and counts what it finds', async () => {
    const res = await admin.get('/api/v1/admin/job-runs?query=space&status=succeeded');
    expect(res.statusCode).toBe(200);
    expect(res.json().pagination).toMatchObject({ data: [], total: 0 });
    const all = await admin.get('/api/v1/admin/job-runs?query=-');
    expect(all.json().pagination.total).toBe(3);
  });

  it('takes the wildcards of LIKE as plain text', async () => {
    expect(await runsOf('%')).toEqual([]);
    expect(await runsOf('_')).toEqual([]);
  });
});
