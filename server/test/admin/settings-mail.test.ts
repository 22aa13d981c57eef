import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSettings } from '@kosh/contracts';
import { localServer, newAgent, put } from '../helpers/accounts.ts';
import { createUser } from '../helpers/factories.ts';
import { MailCatcher } from '../helpers/smtp.ts';
import { staffAgent } from '../helpers/staff.ts';
import { Agent, createTestApp, type SecondApp, startSecondApp, type TestApp } from '../helpers/test-app.ts';

// The outgoing-email tab: how mail leaves is a setting, tried with a test message before it is
// saved, and used by the next mail of every process. SMTP_URL and MAIL_FROM still win.
const SETTINGS = '/api/v1/settings';
let t: TestApp;
let mail: MailCatcher;
let admin: { agent: Agent; user: { id: number; email: string } };

beforeAll(async () => {
  mail = await new MailCatcher().start();
  t = await createTestApp();
  admin = await staffAgent(t, { admin: true });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const change = (settings: Record<string, unknown>) => put(admin.agent, SETTINGS, { settings });
const listed = async (agent: Agent = admin.agent) => (await agent.get(SETTINGS)).json() as AdminSettings;
const catcherPort = () => Number(new URL(mail.url).port);
const smtp = (port: number) => ({
  'mail.driver': 'smtp',
  'mail.smtp.host': '127.0.0.1',
  'mail.smtp.port': port,
  'mail.smtp.encryption': 'none',
});

describe('outgoing email settings', () => {
  it('start with mail written to files, which the tab reports as not set up', async () => {
    const body = await listed();
    expect(body.settings['mail.driver']).toBe('file');
    expect(body.status.mailConfigured).toBe(false);
    expect(body.secrets['mail.smtp.password']).toBe(false);
  });

  it('ask for the SMTP server, and refuse one that does not answer, saving nothing', async () => {
    expect((await change({ 'mail.driver': 'smtp' })).json().errors).toEqual({
      'mail.smtp.host': ["Give the SMTP server that sends Kosh's mail."],
    });
    const closed = await localServer(() => {});
    await closed.close();
    const res = await change(smtp(Number(new URL(closed.url).port)));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['group:mail'][0]).toMatch(/^Mail could not be sent through 127\.0\.0\.1:\d+: /);
    expect((await listed()).settings['mail.driver']).toBe('file');
  });

  it('send a test message to the admin before saving a working server, then every mail goes through it', async () => {
    const res = await change({
      ...smtp(catcherPort()),
      'mail.from_address': 'ops@drive.example.test',
      'mail.from_name': 'Drive Ops',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status.mailConfigured).toBe(true);
    expect((await mail.waitFor(admin.user.email, (m) => m.subject === 'Test mail from Kosh')).from).toBe(
      'Drive Ops <ops@drive.example.test>',
    );
    const user = await createUser(t.modules);
    await newAgent(t).post('/auth/forgot-password', { email: user.email });
    const reset = await mail.waitFor(user.email, (m) => /reset your/i.test(m.subject));
    expect(reset.from).toBe('Drive Ops <ops@drive.example.test>');
  });

  it('send a test on demand, and say why when it cannot go', async () => {
    const before = mail.to(admin.user.email).length;
    const res = await admin.agent.post(`${SETTINGS}/mail/test`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent_to: admin.user.email });
    await mail.waitFor(admin.user.email, () => mail.to(admin.user.email).length > before);
    expect((await (await staffAgent(t)).agent.post(`${SETTINGS}/mail/test`)).statusCode).toBe(403);
    expect((await newAgent(t).post(`${SETTINGS}/mail/test`)).statusCode).toBe(401);
  });

  it('reach a second process with its next mail', async () => {
    const second: SecondApp = await startSecondApp(t.modules.config);
    try {
      const user = await createUser(t.modules);
      await new Agent(second.app).post('/auth/forgot-password', { email: user.email });
      expect((await mail.waitFor(user.email)).from).toBe('Drive Ops <ops@drive.example.test>');
      expect((await change({ 'mail.driver': 'file' })).statusCode).toBe(200);
      const other = await createUser(t.modules);
      const files = () => fs.readdirSync(path.join(t.db.dataDir, 'mail'), { withFileTypes: true }).length;
      const count = fs.existsSync(path.join(t.db.dataDir, 'mail')) ? files() : 0;
      await new Agent(second.app).post('/auth/forgot-password', { email: other.email });
      await expect.poll(() => (fs.existsSync(path.join(t.db.dataDir, 'mail')) ? files() : 0)).toBe(count + 1);
      expect(mail.to(other.email)).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('keep the SMTP password as a secret: encrypted, never sent back', async () => {
    // Saved while mail goes to files: the listener here takes no login, so an SMTP check would refuse it.
    const res = await change({
      'mail.driver': 'file',
      'mail.smtp.username': 'kosh',
      'mail.smtp.password': 'smtp-pass-1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('smtp-pass-1');
    expect(res.json().secrets['mail.smtp.password']).toBe(true);
    expect(await t.modules.settings.service.get('mail.smtp.password')).toBe('smtp-pass-1');
  });
});

describe('SMTP_URL and MAIL_FROM', () => {
  let env: TestApp;
  beforeAll(async () => {
    env = await createTestApp({ SMTP_URL: mail.url, MAIL_FROM: 'Env Sender <env@drive.example.test>' });
  });
  afterAll(() => env.close());

  it('win over the stored values, which the tab shows read-only, naming the variable', async () => {
    const agent = (await staffAgent(env, { admin: true })).agent;
    const body = await listed(agent);
    expect(body.environment).toMatchObject({
      'mail.driver': 'SMTP_URL',
      'mail.smtp.host': 'SMTP_URL',
      'mail.from_address': 'MAIL_FROM',
    });
    expect(body.settings).toMatchObject({
      'mail.driver': 'smtp',
      'mail.smtp.host': '127.0.0.1',
      'mail.smtp.port': catcherPort(),
      'mail.from_name': 'Env Sender',
    });
    expect(body.status.mailConfigured).toBe(true);
    const res = await put(agent, SETTINGS, { settings: { 'mail.from_name': 'Mine' } });
    expect(res.json().errors['mail.from_name']).toEqual([
      'Set by the environment variable MAIL_FROM; change it there.',
    ]);
    const user = await createUser(env.modules);
    await newAgent(env).post('/auth/forgot-password', { email: user.email });
    expect((await mail.waitFor(user.email)).from).toBe('Env Sender <env@drive.example.test>');
  });
});
