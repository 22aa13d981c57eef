import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { put } from '../helpers/accounts.ts';
import { staffAgent } from '../helpers/staff.ts';
import { type Agent, createTestApp, type SecondApp, startSecondApp, type TestApp } from '../helpers/test-app.ts';

// The logging tab: the server's level, followed by every process without a restart, and how many
// days rotated log files are kept.

const SETTINGS = '/api/v1/settings';
let t: TestApp;
let second: SecondApp;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: '' });
  second = await startSecondApp(t.modules.config);
  admin = (await staffAgent(t, { admin: true })).agent;
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const change = (settings: Record<string, unknown>) => put(admin, SETTINGS, { settings });
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

describe('the log level', () => {
  it('refuses a level pino does not know and retention out of range', async () => {
    const res = await change({ 'logging.level': 'verbose', 'logging.retention_days': 0 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'logging.level': ['Choose fatal, error, warn, info, debug, trace or silent.'],
      'logging.retention_days': ['Keep logs at least 1 day.'],
    });
  });

  it('is followed by every server process without a restart, and audited', async () => {
    expect(t.modules.logger.level).toBe(t.modules.config.logLevel);
    const res = await change({ 'logging.level': 'debug' });
    expect(res.statusCode, res.body).toBe(200);
    await Promise.all([t.modules.logSettings.sync(), second.modules.logSettings.sync()]);
    expect(t.modules.logger.level).toBe('debug');
    expect(second.modules.logger.level).toBe('debug');
    const audit = await t.modules.db
      .selectFrom('admin_audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'settings.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after ?? '{}')).toEqual({ 'logging.level': 'debug' });
    await change({ 'logging.level': 'warn' });
    await second.modules.logSettings.sync();
    expect(second.modules.logger.level).toBe('warn');
  });
});

describe('log retention', () => {
  it('deletes rotated files older than the days kept, and nothing else', async () => {
    const dir = path.join(t.modules.config.dataDir, 'logs');
    fs.mkdirSync(dir, { recursive: true });
    const files = [`kosh-${day(40)}-0.log`, `error-${day(20)}-1.log`, `kosh-${day(2)}-0.log`, 'kosh.log', 'keep.txt'];
    for (const name of files) fs.writeFileSync(path.join(dir, name), '{}\n', { flag: 'a' });
    expect((await change({ 'logging.retention_days': 30 })).statusCode).toBe(200);
    expect(await t.modules.logSettings.prune()).toEqual([`kosh-${day(40)}-0.log`]);
    expect((await change({ 'logging.retention_days': 7 })).statusCode).toBe(200);
    expect(await t.modules.logSettings.prune()).toEqual([`error-${day(20)}-1.log`]);
    const left = fs.readdirSync(dir);
    expect(left).toEqual(expect.arrayContaining([`kosh-${day(2)}-0.log`, 'kosh.log', 'keep.txt']));
    expect(left).not.toContain(`kosh-${day(40)}-0.log`);
  });
});

describe('LOG_LEVEL in the environment', () => {
  it('holds the level: shown read-only, refused here', async () => {
    const env = await createTestApp({ LOG_LEVEL: 'warn' });
    try {
      const envAdmin = (await staffAgent(env, { admin: true })).agent;
      const body = (await envAdmin.get(SETTINGS)).json();
      expect(body.environment['logging.level']).toBe('LOG_LEVEL');
      expect(body.settings['logging.level']).toBe('warn');
      const res = await put(envAdmin, SETTINGS, { settings: { 'logging.level': 'debug' } });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors['logging.level']).toEqual([
        'Set by the environment variable LOG_LEVEL; change it there.',
      ]);
    } finally {
      await env.close();
    }
  });
});
