import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsApp, newAgent } from '../helpers/accounts.ts';
import { createUser, loginAs } from '../helpers/factories.ts';
import type { MailCatcher } from '../helpers/smtp.ts';
import type { TestApp } from '../helpers/test-app.ts';

/** Everything the server wrote to its log files so far. */
async function logText(t: TestApp): Promise<string> {
  // The file streams write asynchronously: give them a moment to reach the disk.
  await new Promise((r) => setTimeout(r, 300));
  const dir = path.join(t.db.dataDir, 'logs');
  return fs
    .readdirSync(dir)
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'))
    .join('\n');
}

describe('tokens in query strings', () => {
  // Class: secrets in URLs (API tokens accepted from the query string; reset tokens in logs).
  let t: TestApp;
  let mail: MailCatcher;
  let close: () => Promise<void>;
  beforeAll(async () => {
    // Request logging on, so that a token in an address would reach the log.
    ({ t, mail, close } = await createAccountsApp({ LOG_LEVEL: 'debug' }));
  });
  afterAll(() => close());

  it('accepts an API token only in the Authorization header', async () => {
    const user = await createUser(t.modules);
    const agent = newAgent(t);
    await loginAs(t.modules, agent, user);
    const token = (await agent.post('/api/v1/access-tokens', { tokenName: 'cli' })).json().plainTextToken as string;
    const inject = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
    expect((await inject('/api/v1/me', { authorization: `Bearer ${token}` })).statusCode).toBe(200);
    const encoded = encodeURIComponent(token);
    for (const name of ['access_token', 'token', 'api_token', 'bearer', 'authorization', 'apiKey']) {
      expect((await inject(`/api/v1/me?${name}=${encoded}`)).statusCode, name).toBe(401);
    }
    expect((await inject(`/api/v1/me?authorization=${encodeURIComponent(`Bearer ${token}`)}`)).statusCode).toBe(401);
    expect((await inject('/api/v1/me', { cookie: `access_token=${token}` })).statusCode).toBe(401);
  });

  it('keeps reset tokens and passwords out of the logs, from the mail link to the new password', async () => {
    const user = await createUser(t.modules);
    await newAgent(t).post('/auth/forgot-password', { email: user.email });
    const link = await mail.resetLinkFor(user.email);
    const token = link.pathname.split('/').pop() ?? '';
    expect(token.length).toBeGreaterThan(20);
    const browser = newAgent(t);
    // The page the mail links to, then the call the page makes.
    await browser.get(`${link.pathname}${link.search}`);
    const password = 'a fresh secret passphrase';
    const reset = await browser.post('/auth/reset-password', {
      token,
      email: user.email,
      password,
      password_confirmation: password,
    });
    expect(reset.statusCode).toBe(200);
    const logs = await logText(t);
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(password);
  });

  it('keeps a link password given in the page address out of the logs', async () => {
    const user = await createUser(t.modules);
    const agent = newAgent(t);
    await loginAs(t.modules, agent, user);
    const folder = (await agent.post('/api/v1/folders', { name: 'Locked' })).json().fileEntry;
    const link = (await agent.post(`/api/v1/file-entries/${folder.id}/shareable-link`, {})).json().link;
    const secret = 'link secret 12345';
    await agent.post(
      `/api/v1/file-entries/${folder.id}/shareable-link`,
      { password: secret },
      {
        'x-http-method-override': 'PUT',
      },
    );
    await newAgent(t).get(`/api/v1/shareable-links/${link.hash}?password=${encodeURIComponent(secret)}`);
    expect(await logText(t)).not.toContain(encodeURIComponent(secret));
  });
});
