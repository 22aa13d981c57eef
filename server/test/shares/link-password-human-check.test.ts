import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsApp, localServer, newAgent } from '../helpers/accounts.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { Person } from './sharing.ts';

// reCAPTCHA on the link password page (the recaptcha tab's "Link password page"): while it is on,
// each password attempt spends the proof of a passed human check; without one it is refused (403)
// and not counted as a wrong password.

const NOT_HUMAN = 'Could not verify you are human.';
let t: TestApp;
let close: () => Promise<void>;
let verifier: { url: string; close(): Promise<void> };
let hash: string;

beforeAll(async () => {
  ({ t, close } = await createAccountsApp());
  verifier = await localServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success: form.get('secret') === 'test-secret' && form.get('response') === 'good' }));
    });
  });
  const owner = await Person.create(t);
  const file = await owner.upload('plan.txt', 'secret plan\n');
  const link = await owner.agent.post(`/api/v1/file-entries/${file.id}/shareable-link`, { password: 'open sesame' });
  expect(link.statusCode, link.body).toBe(201);
  hash = link.json().link.hash;
  const set = (k: string, v: unknown) => t.modules.settings.service.set(k, v);
  await set('recaptcha.site_key', 'site');
  await set('recaptcha.secret_key', 'test-secret');
  await set('recaptcha.verify_url', `${verifier.url}/siteverify`);
});
afterAll(async () => {
  await close();
  await verifier.close();
});

const page = (agent: ReturnType<typeof newAgent>, password: string) =>
  agent.get(`/api/v1/shareable-links/${hash}?password=${encodeURIComponent(password)}`);

describe('the link password page with the human check', () => {
  it('asks nothing of a visitor while the check is off for it', async () => {
    await t.modules.settings.service.set('recaptcha.enable', { register: false, contact: true, link_password: false });
    const res = await page(newAgent(t), 'open sesame');
    expect(res.statusCode).toBe(200);
    expect(res.json().passwordInvalid).toBe(false);
  });

  it('refuses a password attempt without a passed check, and lets one through with it, once', async () => {
    await t.modules.settings.service.set('recaptcha.enable', { register: false, contact: false, link_password: true });
    const visitor = newAgent(t);
    const refused = await page(visitor, 'open sesame');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NOT_HUMAN);
    const posted = await visitor.post(`/api/v1/shareable-links/${hash}/password`, { password: 'open sesame' });
    expect(posted.statusCode).toBe(403);
    // Without a password the page still shows that one is wanted.
    expect((await visitor.get(`/api/v1/shareable-links/${hash}`)).json().passwordInvalid).toBe(true);

    expect((await visitor.post('/api/v1/recaptcha/verify', { token: 'good' })).json()).toEqual({ success: true });
    const opened = await page(visitor, 'open sesame');
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().passwordInvalid).toBe(false);

    // The proof was spent: a second attempt (from another browser) needs its own.
    const other = newAgent(t);
    expect((await other.post('/api/v1/recaptcha/verify', { token: 'bot' })).json()).toEqual({ success: false });
    expect((await page(other, 'wrong')).statusCode).toBe(403);
  });

  it('still tells a wrong password from a right one once the check passed', async () => {
    const visitor = newAgent(t);
    await visitor.post('/api/v1/recaptcha/verify', { token: 'good' });
    const wrong = await page(visitor, 'not it');
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json().passwordInvalid).toBe(true);
  });
});
