import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENQUIRY_SENT_MESSAGE, MAX_ENQUIRY_MESSAGE } from '@kosh/contracts';
import { createAccountsApp, localServer, newAgent } from '../helpers/accounts.ts';
import { createUser, loginAs } from '../helpers/factories.ts';
import type { MailCatcher } from '../helpers/smtp.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const OFFICE = 'office@example.test';
const NOT_HUMAN = 'Could not verify you are human.';
const FIELDS = ['name', 'email', 'mobileNumber', 'message'] as const;

let t: TestApp;
let mail: MailCatcher;
let close: () => Promise<void>;
let verifier: { url: string; close(): Promise<void> };
let admin: { id: number; email: string };
let plainUser: { id: number; email: string };

beforeAll(async () => {
  ({ t, mail, close } = await createAccountsApp());
  // The first accounts of the install: an ordinary user, then the admin enquiries fall back to.
  plainUser = await createUser(t.modules);
  admin = await createUser(t.modules, { admin: true });
  // The provider's siteverify endpoint: only the token "good" with the right secret passes.
  verifier = await localServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const success = form.get('secret') === 'test-secret' && form.get('response') === 'good';
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success }));
    });
  });
});
afterAll(async () => {
  await close();
  await verifier.close();
});

const settings = (values: Record<string, unknown>) =>
  Promise.all(Object.entries(values).map(([k, v]) => t.modules.settings.service.set(k, v)));
beforeEach(() =>
  settings({
    'contact.email': OFFICE,
    'recaptcha.site_key': '',
    'recaptcha.enable': { register: false, contact: false },
  }),
);

let n = 0;
const enquiry = (extra: Record<string, unknown> = {}) => ({
  name: 'Asha Rao',
  email: `sender-${Date.now()}-${n++}@example.test`,
  mobileNumber: '+91 98765 43210',
  message: 'We need 12 TB for our studio.\nCan you quote a yearly price?',
  ...extra,
});

const storedFor = (email: string) => t.modules.enquiries.repos.enquiries.listByEmail(email);

describe.each([
  { path: 'contact-page', kind: 'contact', label: 'Contact' },
  { path: 'reseller', kind: 'reseller', label: 'Reseller' },
])('POST $path', ({ path, kind, label }) => {
  const url = `/api/v1/${path}`;

  it('stores the enquiry and mails it to contact.email with Reply-To the sender', async () => {
    const agent = newAgent(t, { 'x-forwarded-for': '198.19.4.20' });
    const body = enquiry();
    const res = await agent.post(url, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ENQUIRY_SENT_MESSAGE });

    const [row, ...more] = await storedFor(body.email);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      kind,
      name: 'Asha Rao',
      email: body.email,
      mobile_number: '+91 98765 43210',
      message: body.message,
      user_id: null,
      ip_address: '198.19.4.20',
    });
    expect(row?.user_agent).toMatch(/^Mozilla\/5\.0/);
    expect(row?.mailed_at).not.toBeNull();

    const sent = await mail.waitFor(OFFICE, (m) => m.text.includes(body.email));
    expect(sent.subject).toBe(`${label} enquiry from Asha Rao`);
    expect(sent.replyTo).toEqual([`Asha Rao <${body.email}>`]);
    for (const part of ['Asha Rao', '+91 98765 43210', 'We need 12 TB for our studio.']) {
      expect(sent.text).toContain(part);
      expect(sent.html).toContain(part);
    }
  });

  it('records the signed-in sender', async () => {
    const agent = newAgent(t);
    await loginAs(t.modules, agent, plainUser);
    const body = enquiry();
    expect((await agent.post(url, body)).statusCode).toBe(200);
    expect((await storedFor(body.email))[0]?.user_id).toBe(plainUser.id);
  });

  it("mails the first admin's address when contact.email is empty", async () => {
    await settings({ 'contact.email': '' });
    const body = enquiry();
    expect((await newAgent(t).post(url, body)).statusCode).toBe(200);
    const sent = await mail.waitFor(admin.email, (m) => m.text.includes(body.email));
    expect(sent.replyTo).toEqual([`Asha Rao <${body.email}>`]);
    expect(mail.to(plainUser.email).filter((m) => m.text.includes(body.email))).toEqual([]);
    expect((await storedFor(body.email))[0]?.mailed_at).not.toBeNull();
  });

  it.each(FIELDS)('requires %s (422 naming it), storing nothing', async (field) => {
    const body: Record<string, unknown> = enquiry();
    delete body[field];
    const res = await newAgent(t).post(url, body);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual([field]);
    if (typeof body.email === 'string') expect(await storedFor(body.email)).toEqual([]);
  });

  it.each([
    ['name', '   '],
    ['name', 42],
    ['name', 'x'.repeat(101)],
    ['email', 'not-an-address'],
    ['email', 'two@@example.test'],
    ['mobileNumber', 'call me maybe'],
    ['mobileNumber', '12'],
    ['mobileNumber', 9876543210],
    ['message', ''],
    ['message', 'x'.repeat(MAX_ENQUIRY_MESSAGE + 1)],
  ])('refuses a malformed %s (%j) with 422 naming it', async (field, value) => {
    const body = enquiry({ [field]: value });
    const res = await newAgent(t).post(url, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('validation_failed');
    expect(Object.keys(res.json().errors)).toEqual([field]);
  });

  it('escapes HTML of every field in the mail', async () => {
    const body = enquiry({
      name: '<img src=x onerror=alert(1)>',
      message: '<script>alert("hi")</script><a href="https://evil.test">click</a>',
    });
    expect((await newAgent(t).post(url, body)).statusCode).toBe(200);
    const sent = await mail.waitFor(OFFICE, (m) => m.text.includes(body.email));
    expect(sent.html).not.toMatch(/<script|<img|<a href/i);
    expect(sent.html).toContain('&#60;script&#62;alert(&#34;hi&#34;)&#60;/script&#62;');
    expect(sent.html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    // The plain-text part carries the message as typed.
    expect(sent.text).toContain(body.message);
  });

  it('refuses an oversized body with 413, storing nothing', async () => {
    const body = enquiry({ message: 'x'.repeat(40 * 1024) });
    const res = await newAgent(t).post(url, body);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
    expect(await storedFor(body.email)).toEqual([]);
  });

  it('limits one client address to 5 an hour (429), storing nothing past it', async () => {
    // An address of its own (agents' addresses are random), so no other test's calls count here.
    const agent = newAgent(t, { 'x-forwarded-for': `198.19.5.${kind === 'contact' ? 1 : 2}` });
    for (let i = 0; i < 5; i++) expect((await agent.post(url, enquiry())).statusCode).toBe(200);
    const body = enquiry();
    const res = await agent.post(url, body);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
    expect(await storedFor(body.email)).toEqual([]);
  });

  it('limits one sender address to 3 an hour from any client (429)', async () => {
    const body = enquiry();
    for (let i = 0; i < 3; i++) expect((await newAgent(t).post(url, body)).statusCode).toBe(200);
    // The address counts whatever its case.
    const res = await newAgent(t).post(url, { ...body, email: body.email.toUpperCase() });
    expect(res.statusCode).toBe(429);
    expect(await storedFor(body.email)).toHaveLength(3);
  });

  describe('with the human check on', () => {
    beforeEach(() =>
      settings({
        'recaptcha.site_key': 'site',
        'recaptcha.secret_key': 'test-secret',
        'recaptcha.verify_url': `${verifier.url}/siteverify`,
        'recaptcha.enable': { register: false, contact: true },
      }),
    );

    it('refuses a sender without a passed check, storing and mailing nothing', async () => {
      const body = enquiry();
      const res = await newAgent(t).post(url, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(NOT_HUMAN);
      expect(await storedFor(body.email)).toEqual([]);
      expect(mail.messages.filter((m) => m.text.includes(body.email))).toEqual([]);
    });

    it('refuses a check the provider failed', async () => {
      const agent = newAgent(t);
      expect((await agent.post('/api/v1/recaptcha/verify', { token: 'bot' })).json()).toEqual({ success: false });
      expect((await agent.post(url, enquiry())).statusCode).toBe(403);
    });

    it('accepts a passed check once; the same proof is refused a second time', async () => {
      const agent = newAgent(t);
      expect((await agent.post('/api/v1/recaptcha/verify', { token: 'good' })).json()).toEqual({ success: true });
      const proof = agent.cookies.get('kosh_human');
      expect(proof).toBeDefined();
      const first = enquiry();
      expect((await agent.post(url, first)).statusCode).toBe(200);
      expect(await storedFor(first.email)).toHaveLength(1);
      // The answer told the browser to drop the spent proof.
      expect(agent.cookies.has('kosh_human')).toBe(false);

      const replay = newAgent(t);
      replay.cookies.set('kosh_human', proof ?? '');
      const second = enquiry();
      const res = await replay.post(url, second);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(NOT_HUMAN);
      expect(await storedFor(second.email)).toEqual([]);
    });
  });
});

describe('the limits of both forms', () => {
  it('count contact and reseller enquiries together', async () => {
    const agent = newAgent(t, { 'x-forwarded-for': '198.19.6.1' });
    for (const path of ['contact-page', 'reseller', 'contact-page', 'reseller', 'contact-page'])
      expect((await agent.post(`/api/v1/${path}`, enquiry())).statusCode).toBe(200);
    expect((await agent.post('/api/v1/reseller', enquiry())).statusCode).toBe(429);
  });
});

describe('an enquiry whose mail fails', () => {
  let broken: TestApp;
  beforeAll(async () => {
    // An SMTP address nothing listens on: every send fails with a refused connection.
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    broken = await createTestApp({ TRUST_PROXY: 'true', SMTP_URL: `smtp://127.0.0.1:${port}` });
    await broken.modules.settings.service.set('contact.email', OFFICE);
  });
  afterAll(() => broken.close());

  it.each(['contact-page', 'reseller'])('is kept unmailed and answered as sent (%s)', async (path) => {
    const body = enquiry();
    const res = await newAgent(broken).post(`/api/v1/${path}`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ENQUIRY_SENT_MESSAGE });
    const rows = await broken.modules.enquiries.repos.enquiries.listByEmail(body.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Asha Rao', message: body.message, mailed_at: null });
  });
});
