import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAgent, put } from '../helpers/accounts.ts';
import { staffAgent } from '../helpers/staff.ts';
import { type Agent, createTestApp, type TestApp } from '../helpers/test-app.ts';

// The logging tab's server DSN: unexpected errors (answers 500) go to a Sentry-compatible service,
// here a local stand-in that keeps what it receives; the setting is followed without a restart.

let t: TestApp;
let admin: Agent;
let collector: http.Server;
let collectorUrl = '';
const received: Array<{ path: string; body: string }> = [];

beforeAll(async () => {
  collector = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', body: Buffer.concat(chunks).toString() });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  t = await createTestApp();
  admin = (await staffAgent(t, { admin: true })).agent;
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => collector.close(() => resolve()));
});

/** An unexpected error: the custom pages' table is gone while a page is read. */
async function causeAnError(): Promise<number> {
  await sql`ALTER TABLE custom_pages RENAME TO custom_pages_away`.execute(t.modules.db);
  try {
    return (await newAgent(t).get('/api/v1/custom-pages/about-us?token=secret-token')).statusCode;
  } finally {
    await sql`ALTER TABLE custom_pages_away RENAME TO custom_pages`.execute(t.modules.db);
  }
}

describe('server error reporting', () => {
  it('refuses a DSN that is not a web address', async () => {
    const res = await put(admin, '/api/v1/settings', { settings: { 'error_reporting.server_dsn': 'not a dsn' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['error_reporting.server_dsn']).toEqual(['Give an http or https address.']);
  });

  it('sends nothing without a DSN', async () => {
    expect(await causeAnError()).toBe(500);
    await t.modules.errorReporter.flush();
    expect(received).toEqual([]);
  });

  it('reports an unexpected error to the configured service, without the query’s secrets', async () => {
    const dsn = `${collectorUrl.replace('//', '//publickey@')}/7`;
    const res = await put(admin, '/api/v1/settings', { settings: { 'error_reporting.server_dsn': dsn } });
    expect(res.statusCode, res.body).toBe(200);
    await t.modules.logSettings.sync();
    expect(await causeAnError()).toBe(500);
    await t.modules.errorReporter.flush();
    const report = received.find((r) => r.path.startsWith('/api/7/envelope/'));
    expect(report, JSON.stringify(received)).toBeDefined();
    expect(report?.body).toMatch(/custom_pages/);
    expect(report?.body).toContain('/api/v1/custom-pages/about-us');
    expect(report?.body).not.toContain('secret-token');
  });

  it('stops when the DSN is cleared', async () => {
    await put(admin, '/api/v1/settings', { settings: { 'error_reporting.server_dsn': '' } });
    await t.modules.logSettings.sync();
    const before = received.length;
    expect(await causeAnError()).toBe(500);
    await t.modules.errorReporter.flush();
    expect(received.length).toBe(before);
  });
});
