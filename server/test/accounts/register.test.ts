import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COOKIE } from '@kosh/contracts';
import { createAccountsApp, localServer, newAgent } from '../helpers/accounts.ts';
import type { MailCatcher } from '../helpers/smtp.ts';
import type { TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let mail: MailCatcher;
let close: () => Promise<void>;
let verifier: { url: string; close(): Promise<void> };
const verifyCalls: URLSearchParams[] = [];

beforeAll(async () => {
  ({ t, mail, close } = await createAccountsApp());
  // A stand-in for the provider's siteverify endpoint: "good" passes, "bot" passes with a low v3 score.
  verifier = await localServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      verifyCalls.push(form);
      const token = form.get('response');
      const answer =
        form.get('secret') !== 'test-secret'
          ? { success: false }
          : token === 'good'
            ? { success: true }
            : token === 'bot'
              ? { success: true, score: 0.1 }
              : { success: false };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer));
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
    'registration.disable': false,
    'registration.policies': [],
    require_email_confirmation: false,
    'recaptcha.site_key': '',
    'recaptcha.enable': { register: false, contact: false },
  }),
);

let n = 0;
const form = (extra: Record<string, unknown> = {}) => ({
  email: `new-${Date.now()}-${n++}@example.test`,
  password: 'long enough pw',
  password_confirmation: 'long enough pw',
  ...extra,
});

describe('POST auth/register', () => {
  it('creates the account, signs it in and answers status success', async () => {
    const agent = newAgent(t);
    const body = form({ first_name: 'Asha', last_name: 'Rao' });
    const res = await agent.post('/auth/register', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('success');
    expect(res.json().bootstrapData.user).toMatchObject({ email: body.email, first_name: 'Asha', last_name: 'Rao' });
    expect(agent.cookies.has(COOKIE.session)).toBe(true);
    const row = await t.modules.users.repos.users.getByEmail(body.email);
    expect(row?.password).toMatch(/^\$argon2id\$/);
    const roles = await t.modules.users.repos.roles.listRolesOfUser(row!.id);
    expect(roles.map((r) => r.name)).toEqual(['users']);
  });

  it('answers needs_email_verification and mails a code when confirmation is required', async () => {
    await settings({ require_email_confirmation: true });
    const body = form();
    const res = await newAgent(t).post('/auth/register', body);
    expect(res.json().status).toBe('needs_email_verification');
    expect(res.json().bootstrapData.user.email_verified_at).toBeNull();
    expect(await mail.codeFor(body.email)).toMatch(/^\d{6}$/);
  });

  it('is refused with 403 when registration is disabled', async () => {
    await settings({ 'registration.disable': true });
    const body = form();
    const res = await newAgent(t).post('/auth/register', body);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Registration is disabled.');
    expect(await t.modules.users.repos.users.getByEmail(body.email)).toBeUndefined();
  });

  it('does not let an invitation that no workspace issued bypass a disabled registration', async () => {
    await settings({ 'registration.disable': true });
    const res = await newAgent(t).post('/auth/register', form({ invite_type: 'workspace', invite_id: 'made-up' }));
    expect(res.statusCode).toBe(403);
  });

  it('requires every registration policy to be accepted (422 per policy id)', async () => {
    await settings({
      'registration.policies': [
        { id: 'terms', label: 'Terms of Service', action: '/pages/terms', type: 'route' },
        { id: 'privacy', label: 'Privacy Policy', action: '/pages/privacy', type: 'route' },
      ],
    });
    const refused = await newAgent(t).post('/auth/register', form({ terms: true }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ privacy: ['You must accept the Privacy Policy.'] });
    expect((await newAgent(t).post('/auth/register', form({ terms: true, privacy: true }))).statusCode).toBe(200);
  });

  it('requires email, password and confirmation (422 per field)', async () => {
    const res = await newAgent(t).post('/auth/register', {});
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'password', 'password_confirmation']);
  });

  it('refuses a confirmation that differs', async () => {
    const res = await newAgent(t).post('/auth/register', form({ password_confirmation: 'something else' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password_confirmation).toEqual(['The password confirmation does not match.']);
  });

  it('refuses a short password', async () => {
    const res = await newAgent(t).post('/auth/register', form({ password: 'short', password_confirmation: 'short' }));
    expect(res.json().errors.password).toEqual(['The password must be at least 8 characters.']);
  });

  it('refuses an address that is taken, whatever its case', async () => {
    const body = form();
    await newAgent(t).post('/auth/register', body);
    const res = await newAgent(t).post('/auth/register', { ...form(), email: body.email.toUpperCase() });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['The email has already been taken.']);
  });

  it('limits registrations from one address (429)', async () => {
    const agent = newAgent(t);
    const body = form();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await agent.post('/auth/register', body)).statusCode);
    expect(statuses.slice(0, 10)).toEqual([200, ...Array(9).fill(422)]);
    expect(statuses[10]).toBe(429);
  });
});

describe('human check (recaptcha)', () => {
  beforeEach(() =>
    settings({
      'recaptcha.site_key': 'site',
      'recaptcha.secret_key': 'test-secret',
      'recaptcha.verify_url': `${verifier.url}/siteverify`,
      'recaptcha.enable': { register: true, contact: false },
    }),
  );

  it('POST recaptcha/verify answers success for a token the provider accepts (given secret and address)', async () => {
    const agent = newAgent(t, { 'x-forwarded-for': '198.18.7.7' });
    const res = await agent.post('/api/v1/recaptcha/verify', { token: 'good' });
    expect(res.json()).toEqual({ success: true });
    expect(verifyCalls.at(-1)?.get('remoteip')).toBe('198.18.7.7');
    expect(res.cookies.find((c) => c.name === 'kosh_human')?.httpOnly).toBe(true);
  });

  it('answers success false for a refused token and for a low score', async () => {
    expect((await newAgent(t).post('/api/v1/recaptcha/verify', { token: 'nope' })).json()).toEqual({ success: false });
    expect((await newAgent(t).post('/api/v1/recaptcha/verify', { token: 'bot' })).json()).toEqual({ success: false });
  });

  it('requires the token (422)', async () => {
    const res = await newAgent(t).post('/api/v1/recaptcha/verify', {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.token).toEqual(['The token field is required.']);
  });

  it('refuses registration without a passed check', async () => {
    const res = await newAgent(t).post('/auth/register', form());
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Could not verify you are human.');
  });

  it('lets registration through after a passed check, once', async () => {
    const agent = newAgent(t);
    await agent.post('/api/v1/recaptcha/verify', { token: 'good' });
    const proof = agent.cookies.get('kosh_human')!;
    expect((await agent.post('/auth/register', form())).statusCode).toBe(200);
    const replay = newAgent(t);
    replay.cookies.set('kosh_human', proof);
    expect((await replay.post('/auth/register', form())).statusCode).toBe(403);
  });

  it('accepts a token sent with the registration itself', async () => {
    expect((await newAgent(t).post('/auth/register', form({ recaptcha_token: 'good' }))).statusCode).toBe(200);
    expect((await newAgent(t).post('/auth/register', form({ recaptcha_token: 'bad' }))).statusCode).toBe(403);
  });
});
