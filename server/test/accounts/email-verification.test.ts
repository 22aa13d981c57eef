import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../helpers/factories.ts';
import { createAccountsApp, newAgent } from '../helpers/accounts.ts';
import type { MailCatcher } from '../helpers/smtp.ts';
import type { Agent, TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let mail: MailCatcher;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, mail, close } = await createAccountsApp());
  await t.modules.settings.service.set('require_email_confirmation', true);
});
afterAll(() => close());

let n = 0;
/** Registers through the API, as the register page does; the code arrives by mail. */
async function registered(): Promise<{ agent: Agent; email: string; code: string }> {
  const email = `verify-${Date.now()}-${n++}@example.test`;
  const agent = newAgent(t);
  const res = await agent.post('/auth/register', {
    email,
    password: 'long enough pw',
    password_confirmation: 'long enough pw',
  });
  expect(res.json().status).toBe('needs_email_verification');
  return { agent, email, code: await mail.codeFor(email) };
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('GET me', () => {
  it('answers the signed-in user with email and email_verified_at', async () => {
    const { agent, email } = await registered();
    const res = await agent.get('/api/v1/me');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email, email_verified_at: null });
  });

  it('answers 401 to a visitor', async () => {
    expect((await newAgent(t).get('/api/v1/me')).statusCode).toBe(401);
  });
});

describe('POST validate-email-verification-otp', () => {
  it('verifies the address with the mailed code', async () => {
    const { agent, code } = await registered();
    const res = await agent.post('/api/v1/validate-email-verification-otp', { code });
    expect(res.statusCode).toBe(200);
    expect((await agent.get('/api/v1/me')).json().user.email_verified_at).toBeTruthy();
  });

  it('refuses a wrong code (422 on code)', async () => {
    const { agent, code } = await registered();
    const res = await agent.post('/api/v1/validate-email-verification-otp', { code: wrongCode(code) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual(['The verification code is invalid or has expired.']);
    expect((await agent.get('/api/v1/me')).json().user.email_verified_at).toBeNull();
  });

  it('refuses an expired code', async () => {
    const { agent, email, code } = await registered();
    const row = await t.modules.users.repos.users.getByEmail(email);
    await t.modules.db
      .updateTable('email_verification_codes')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where('user_id', '=', row!.id)
      .execute();
    expect((await agent.post('/api/v1/validate-email-verification-otp', { code })).statusCode).toBe(422);
  });

  it('keeps codes for 30 minutes', async () => {
    const { email } = await registered();
    const row = await t.modules.users.repos.users.getByEmail(email);
    const stored = await t.modules.auth.repos.emailCodes.getOfUser(row!.id);
    expect((Date.parse(stored!.expires_at) - Date.parse(stored!.created_at)) / 60_000).toBe(30);
    expect(stored!.code_hash).toMatch(/^[a-f0-9]{64}$/);
  });

  it('stops accepting a code after 5 wrong guesses', async () => {
    const { agent, email, code } = await registered();
    const row = await t.modules.users.repos.users.getByEmail(email);
    await t.modules.db
      .updateTable('email_verification_codes')
      .set({ attempts: 5 })
      .where('user_id', '=', row!.id)
      .execute();
    expect((await agent.post('/api/v1/validate-email-verification-otp', { code })).statusCode).toBe(422);
  });

  it('limits guesses per account (429)', async () => {
    const { agent, code } = await registered();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await agent.post('/api/v1/validate-email-verification-otp', { code: wrongCode(code) })).statusCode,
      );
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
  });

  it('checks the code shape (422) and needs a session (401)', async () => {
    const { agent } = await registered();
    expect((await agent.post('/api/v1/validate-email-verification-otp', {})).json().errors.code).toEqual([
      'The code field is required.',
    ]);
    expect(
      (await agent.post('/api/v1/validate-email-verification-otp', { code: '1234567' })).json().errors.code,
    ).toEqual(['The code may not be greater than 6 characters.']);
    expect(
      (await agent.post('/api/v1/validate-email-verification-otp', { code: '12a456' })).json().errors.code,
    ).toEqual(['The code must contain only digits.']);
    expect((await newAgent(t).post('/api/v1/validate-email-verification-otp', { code: '123456' })).statusCode).toBe(
      401,
    );
  });
});

describe('POST resend-email-verification', () => {
  it('mails a new code; the old one stops working', async () => {
    const { agent, email, code } = await registered();
    const before = mail.messages.length;
    expect((await agent.post('/api/v1/resend-email-verification', { email })).statusCode).toBe(200);
    const fresh = await mail.codeFor(email, before);
    if (fresh !== code)
      expect((await agent.post('/api/v1/validate-email-verification-otp', { code })).statusCode).toBe(422);
    expect((await agent.post('/api/v1/validate-email-verification-otp', { code: fresh })).statusCode).toBe(200);
  });

  it('with ifNonePending, mails a code only when none is waiting', async () => {
    const { agent, email, code } = await registered();
    const before = mail.to(email).length;
    const kept = await agent.post('/api/v1/resend-email-verification', { email, ifNonePending: true });
    expect(kept.statusCode).toBe(200);
    // The registration's code still works: nothing replaced it.
    const row = await t.modules.users.repos.users.getByEmail(email);
    const stored = await t.modules.auth.repos.emailCodes.getOfUser(row!.id);
    await t.modules.db.deleteFrom('email_verification_codes').where('id', '=', stored!.id).execute();
    expect(mail.to(email)).toHaveLength(before);
    // None pending now (as when confirmation was turned on after sign-up): one is mailed.
    const sent = mail.messages.length;
    expect((await agent.post('/api/v1/resend-email-verification', { email, ifNonePending: true })).statusCode).toBe(
      200,
    );
    const fresh = await mail.codeFor(email, sent);
    expect(fresh).toMatch(/^\d{6}$/);
    if (fresh !== code)
      expect((await agent.post('/api/v1/validate-email-verification-otp', { code })).statusCode).toBe(422);
    expect((await agent.post('/api/v1/validate-email-verification-otp', { code: fresh })).statusCode).toBe(200);
  });

  it("refuses another address than the signed-in user's (422)", async () => {
    const { agent } = await registered();
    const res = await agent.post('/api/v1/resend-email-verification', { email: 'someone-else@example.test' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['This is not the email address of your account.']);
  });

  it('answers a visitor the same for any address, mailing only unverified accounts', async () => {
    const { email } = await registered();
    const verified = await createUser(t.modules);
    const before = mail.to(verified.email).length;
    const a = await newAgent(t).post('/api/v1/resend-email-verification', { email });
    const b = await newAgent(t).post('/api/v1/resend-email-verification', { email: 'unknown-person@example.test' });
    const c = await newAgent(t).post('/api/v1/resend-email-verification', { email: verified.email });
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
    expect(b.json()).toEqual(a.json());
    await mail.waitFor(email, (m) => mail.to(email).indexOf(m) >= 1);
    expect(mail.to(verified.email)).toHaveLength(before);
  });

  it('limits resends per address (429)', async () => {
    const { agent, email } = await registered();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await agent.post('/api/v1/resend-email-verification', { email })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('requires a valid email (422)', async () => {
    const agent = newAgent(t);
    await loginAs(t.modules, agent, await createUser(t.modules));
    expect((await agent.post('/api/v1/resend-email-verification', {})).json().errors.email).toEqual([
      'The email field is required.',
    ]);
  });
});
