import { PASSWORD_RESET_MINUTES } from '@kosh/contracts';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { FakeMailer } from '../testing/fakes/mailer.fake.ts';
import { userRow } from '../testing/fakes/rows.ts';
import { FakeSettings } from '../testing/fakes/settings.fake.ts';
import { FakeUsers } from '../testing/fakes/users.fake.ts';
import { TestClock } from '../testing/test-clock.ts';
import { Actor } from './actor.ts';
import { hashPassword, verifyPassword } from './password.ts';
import type { PasswordResetsRepository } from './password-resets.repository.ts';
import { PasswordService } from './password.service.ts';
import type { SessionService } from './session.service.ts';
import { defaultMailTemplates } from '../mail/default-mail-templates.ts';

type ResetRow = NonNullable<Awaited<ReturnType<PasswordResetsRepository['getByHash']>>>;
type Context = Parameters<PasswordService['requestReset']>[1];

const MINUTE = 60_000;
const EMAIL = 'ann@x.test';
// Hashed once: argon2id is slow on purpose.
const OLD_HASH = await hashPassword('old password');
const ctx: Context = { ip: '127.0.0.1', userAgent: undefined, sessionId: 'session-1', baseUrl: 'https://kosh.test' };

/** password_resets over an array: one live reset per user, spent once. */
class FakeResets
  implements Pick<PasswordResetsRepository, 'replaceForUser' | 'getByHash' | 'consume' | 'deleteOfUser'>
{
  rows: ResetRow[] = [];
  private nextId = 1;
  async replaceForUser(row: Omit<ResetRow, 'id'>): Promise<void> {
    this.rows = this.rows.filter((r) => r.user_id !== row.user_id);
    this.rows.push({ id: this.nextId++, ...row });
  }
  async getByHash(tokenHash: string): Promise<ResetRow | undefined> {
    return this.rows.find((r) => r.token_hash === tokenHash);
  }
  async consume(id: number): Promise<boolean> {
    const before = this.rows.length;
    this.rows = this.rows.filter((r) => r.id !== id);
    return this.rows.length < before;
  }
  async deleteOfUser(userId: number): Promise<void> {
    this.rows = this.rows.filter((r) => r.user_id !== userId);
  }
}

/** Records which sessions were ended. */
class FakeSessions implements Pick<SessionService, 'endSessionsOf' | 'rotate'> {
  readonly ended: Array<{ userId: number; keepId: string | null }> = [];
  async rotate() {
    return null;
  }
  async endSessionsOf(userId: number, keepId: string | null): Promise<number> {
    this.ended.push({ userId, keepId });
    return 1;
  }
}

async function setUp() {
  const clock = new TestClock();
  const users = new FakeUsers([userRow({ id: 1, email: EMAIL, password: OLD_HASH, email_verified_at: null })]);
  const resets = new FakeResets();
  const sessions = new FakeSessions();
  const mailer = new FakeMailer();
  const sut = new PasswordService({
    users,
    resets,
    sessions,
    templates: defaultMailTemplates(),
    accessTokens: { deleteAllOfUser: async () => 0 },
    throttle: { attempt: async () => ({ succeeded: async () => undefined }) },
    mailer,
    settings: new FakeSettings({ 'branding.site_name': 'Kosh' }),
    logger: pino({ level: 'silent' }),
    clock: clock.now,
  });
  /** Asks for a reset link and answers the token it carries. */
  const mailedToken = async (): Promise<string> => {
    await sut.requestReset(EMAIL, ctx);
    await vi.waitFor(() => expect(mailer.sent).toHaveLength(1));
    const token = /password\/reset\/([\w-]+)\?email=/.exec(mailer.sent[0].text)?.[1];
    if (!token) throw new Error(`no reset link in: ${mailer.sent[0].text}`);
    return token;
  };
  return { sut, clock, users, resets, sessions, mailer, mailedToken };
}

describe('PasswordService', () => {
  describe('requestReset', () => {
    it(`mails a link to an account's address that expires in ${PASSWORD_RESET_MINUTES} minutes`, async () => {
      const { mailer, resets, clock, mailedToken } = await setUp();
      await mailedToken();
      expect(mailer.sent[0].to).toBe(EMAIL);
      expect(resets.rows).toMatchObject([
        { user_id: 1, created_at: clock.iso(), expires_at: clock.iso(PASSWORD_RESET_MINUTES * MINUTE) },
      ]);
    });

    it('stores a hash of the token, not the token', async () => {
      const { resets, mailedToken } = await setUp();
      const token = await mailedToken();
      expect(resets.rows[0].token_hash).not.toContain(token);
    });

    it('sends nothing for an address without an account', async () => {
      const { sut, mailer, resets } = await setUp();
      await sut.requestReset('nobody@x.test', ctx);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(mailer.sent).toEqual([]);
      expect(resets.rows).toEqual([]);
    });
  });

  describe('reset', () => {
    it('sets the new password, proves the address and ends every session', async () => {
      const { sut, users, resets, sessions, clock, mailedToken } = await setUp();
      const token = await mailedToken();
      await sut.reset({ token, email: EMAIL, password: 'new password', password_confirmation: 'new password' });
      const row = users.rows[0];
      expect(await verifyPassword(row.password, 'new password')).toBe(true);
      expect(row.email_verified_at).toBe(clock.iso());
      expect(resets.rows).toEqual([]);
      expect(sessions.ended).toEqual([{ userId: 1, keepId: null }]);
    });

    it('still works a moment before the link expires', async () => {
      const { sut, clock, users, mailedToken } = await setUp();
      const token = await mailedToken();
      clock.advance(PASSWORD_RESET_MINUTES * MINUTE - 1);
      await sut.reset({ token, email: EMAIL, password: 'new password', password_confirmation: 'new password' });
      expect(await verifyPassword(users.rows[0].password, 'new password')).toBe(true);
    });

    it('refuses an expired link, spends it and keeps the password', async () => {
      const { sut, clock, users, resets, sessions, mailedToken } = await setUp();
      const token = await mailedToken();
      clock.advance(PASSWORD_RESET_MINUTES * MINUTE);
      await expect(
        sut.reset({ token, email: EMAIL, password: 'new password', password_confirmation: 'new password' }),
      ).rejects.toMatchObject({ status: 422, errors: { email: [expect.stringMatching(/expired/)] } });
      expect(resets.rows).toEqual([]);
      expect(await verifyPassword(users.rows[0].password, 'old password')).toBe(true);
      expect(sessions.ended).toEqual([]);
    });

    it('refuses a token it never issued', async () => {
      const { sut, mailedToken } = await setUp();
      await mailedToken();
      await expect(
        sut.reset({ token: 'made-up', email: EMAIL, password: 'new password', password_confirmation: 'new password' }),
      ).rejects.toMatchObject({ status: 422, errors: { email: ['This password reset token is invalid.'] } });
    });

    it('refuses a token sent with another address', async () => {
      const { sut, resets, mailedToken } = await setUp();
      const token = await mailedToken();
      await expect(
        sut.reset({ token, email: 'eve@x.test', password: 'new password', password_confirmation: 'new password' }),
      ).rejects.toMatchObject({ status: 422 });
      expect(resets.rows).toHaveLength(1);
    });

    it('takes a token once', async () => {
      const { sut, mailedToken } = await setUp();
      const token = await mailedToken();
      const body = { token, email: EMAIL, password: 'new password', password_confirmation: 'new password' };
      await sut.reset(body);
      await expect(sut.reset({ ...body, password: 'third password' })).rejects.toMatchObject({ status: 422 });
    });

    it('refuses the first link once a second was asked for', async () => {
      const { sut, mailer, mailedToken } = await setUp();
      const first = await mailedToken();
      await sut.requestReset(EMAIL, ctx);
      await vi.waitFor(() => expect(mailer.sent).toHaveLength(2));
      await expect(
        sut.reset({ token: first, email: EMAIL, password: 'new password', password_confirmation: 'new password' }),
      ).rejects.toMatchObject({ status: 422 });
    });
  });

  describe('update', () => {
    const ann = new Actor({ id: 1, email: EMAIL }, [2], []);

    it('changes the password and ends the other sessions, keeping this one', async () => {
      const { sut, users, sessions, clock } = await setUp();
      const body = {
        current_password: 'old password',
        password: 'new password',
        password_confirmation: 'new password',
      };
      await sut.update(ann, ctx, body);
      expect(await verifyPassword(users.rows[0].password, 'new password')).toBe(true);
      expect(users.rows[0].updated_at).toBe(clock.iso());
      expect(sessions.ended).toEqual([{ userId: 1, keepId: 'session-1' }]);
    });

    it('refuses a wrong current password and changes nothing', async () => {
      const { sut, users, sessions } = await setUp();
      const body = { current_password: 'guess', password: 'new password', password_confirmation: 'new password' };
      await expect(sut.update(ann, ctx, body)).rejects.toMatchObject({
        status: 422,
        errors: { current_password: [expect.any(String)] },
      });
      expect(await verifyPassword(users.rows[0].password, 'old password')).toBe(true);
      expect(sessions.ended).toEqual([]);
    });

    it('refuses a guest', async () => {
      const { sut } = await setUp();
      const guest = new Actor(null, [], []);
      const body = {
        current_password: 'old password',
        password: 'new password',
        password_confirmation: 'new password',
      };
      await expect(sut.update(guest, ctx, body)).rejects.toMatchObject({ status: 401 });
    });
  });
});
