import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsApp, newAgent } from '../helpers/accounts.ts';
import { createUser } from '../helpers/factories.ts';
import type { MailCatcher } from '../helpers/smtp.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { Person } from '../shares/sharing.ts';

// No APP_URL here: the origin of mailed links must not come from a Host header the caller chose.
const EVIL = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

let t: TestApp;
let mail: MailCatcher;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, mail, close } = await createAccountsApp());
});
afterAll(() => close());

describe('links in mail without APP_URL', () => {
  // Class: host header poisoning (a reset link mailed to the victim pointing at the attacker's host).
  it('mails a reset link on this machine, not on the host the request named', async () => {
    const user = await createUser(t.modules);
    const res = await newAgent(t, EVIL).post('/auth/forgot-password', { email: user.email });
    expect(res.statusCode).toBe(200);
    const link = await mail.resetLinkFor(user.email);
    expect(link.hostname).toBe('localhost');
    expect(link.href).not.toContain('evil.example');
  });

  it('keeps the address the browser used when it names the caller own machine', async () => {
    const user = await createUser(t.modules);
    await newAgent(t, { host: 'localhost:5173' }).post('/auth/forgot-password', { email: user.email });
    expect((await mail.resetLinkFor(user.email)).origin).toBe('http://localhost:5173');
  });

  it('mails share invitations with links on this machine, whatever Host says', async () => {
    const owner = await Person.create(t);
    const file = await owner.upload('report.txt', 'x');
    const email = `invitee-${Date.now()}@example.test`;
    const res = await owner.agent.request({
      method: 'POST',
      url: '/api/v1/file-entries/shares',
      payload: { entryIds: [file.id], emails: [email], permission: 'view' },
      headers: EVIL,
    });
    expect(res.statusCode).toBe(200);
    const message = await mail.waitFor(email);
    expect(`${message.text}${message.html}`).not.toContain('evil.example');
    expect(message.text).toMatch(/http:\/\/localhost(:\d+)?\//);
  });
});
