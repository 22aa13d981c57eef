import { randomInt, timingSafeEqual } from 'node:crypto';
import type { Logger } from 'pino';
import { EMAIL_CODE_MINUTES, VERIFICATION_CODE_LENGTH } from '@kosh/contracts';
import type { Actor } from './actor.ts';
import { systemClock, type Clock } from '../clock.ts';
import { validation } from '../http/app-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MailTemplates } from '../mail/mail-templates.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { UserRow, UsersRepository } from '../users/users.repository.ts';
import type { EmailCodesRepository } from './email-codes.repository.ts';
import type { KeyRing } from './key-ring.ts';

/** Wrong guesses a code survives; then only a new code helps (on top of the per-minute limits). */
const MAX_ATTEMPTS = 5;
const INVALID = 'The verification code is invalid or has expired.';

type Deps = {
  users: UsersRepository;
  codes: EmailCodesRepository;
  keys: KeyRing;
  mailer: Mailer;
  templates: MailTemplates;
  settings: SettingsService;
  logger: Logger;
  /** Runs once the address is proven (share invitations to it apply then). Must not throw. */
  onVerified?: (user: UserRow) => Promise<unknown>;
  clock?: Clock;
};

/** Six-digit codes by mail that prove an address (spec part 1, 2.5 "Email verification screen"). */
export class EmailVerificationService {
  private readonly deps: Deps;
  private readonly clock: Clock;
  constructor(deps: Deps) {
    this.deps = deps;
    this.clock = deps.clock ?? systemClock;
  }

  /** Stores a fresh code (the previous one stops working) and mails it. */
  async sendCode(row: UserRow): Promise<void> {
    await this.mailCode(row, await this.storeCode(row));
  }

  /**
   * Stores the code before answering (so the verification screen finds it waiting) and mails it
   * without making the caller wait; a mail failure is logged and a resend fixes it.
   */
  async sendCodeInBackground(row: UserRow): Promise<void> {
    const code = await this.storeCode(row);
    this.mailCode(row, code).catch((err: unknown) =>
      this.deps.logger.error({ err, userId: row.id }, 'could not send the verification code'),
    );
  }

  private async storeCode(row: UserRow): Promise<string> {
    const code = String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
    const at = this.clock();
    await this.deps.codes.replaceForUser({
      user_id: row.id,
      code_hash: await this.hashOf(row.id, code),
      expires_at: new Date(at.getTime() + EMAIL_CODE_MINUTES * 60_000).toISOString(),
      created_at: at.toISOString(),
    });
    return code;
  }

  private async mailCode(row: UserRow, code: string): Promise<void> {
    const siteName = await this.deps.settings.get<string>('branding.site_name');
    const vars = { code, minutes: EMAIL_CODE_MINUTES, site_name: siteName };
    await this.deps.mailer.send(await this.deps.templates.message('verification_code', row.email, vars));
  }

  async verify(actor: Actor, code: string): Promise<void> {
    const user = actor.requireUser();
    const row = await this.deps.users.getById(user.id);
    if (!row || row.email_verified_at) return;
    const stored = await this.deps.codes.getOfUser(row.id);
    if (!stored || stored.attempts >= MAX_ATTEMPTS || Date.parse(stored.expires_at) <= this.clock().getTime())
      throw validation({ code: [INVALID] });
    const given = Buffer.from(await this.hashOf(row.id, code));
    const expected = Buffer.from(stored.code_hash);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      await this.deps.codes.countAttempt(stored.id);
      throw validation({ code: [INVALID] });
    }
    const at = this.clock().toISOString();
    await this.deps.users.update(row.id, { email_verified_at: at, updated_at: at });
    await this.deps.codes.deleteOfUser(row.id);
    await this.deps.onVerified?.(row);
  }

  /**
   * A new code: to the signed-in user's own address; for a visitor, to the address given if it
   * belongs to an unverified account, with the same answer either way (no account discovery).
   */
  async resend(actor: Actor, email: string, options: { ifNonePending?: boolean } = {}): Promise<void> {
    if (actor.user) {
      const row = await this.deps.users.getById(actor.user.id);
      if (!row || row.email !== email) throw validation({ email: ['This is not the email address of your account.'] });
      if (row.email_verified_at) return;
      // The verification screen says a code was sent: make it true without replacing a code already on its way.
      if (options.ifNonePending && (await this.hasLiveCode(row.id))) return;
      await this.sendCode(row);
      return;
    }
    const row = await this.deps.users.getByEmail(email);
    // Not awaited: a visitor's answer must not take longer when the address has an account.
    if (row && !row.email_verified_at)
      this.sendCodeInBackground(row).catch((err: unknown) =>
        this.deps.logger.error({ err, userId: row.id }, 'could not store a verification code'),
      );
  }

  private async hasLiveCode(userId: number): Promise<boolean> {
    const stored = await this.deps.codes.getOfUser(userId);
    return !!stored && stored.attempts < MAX_ATTEMPTS && Date.parse(stored.expires_at) > this.clock().getTime();
  }

  private hashOf(userId: number, code: string): Promise<string> {
    return this.deps.keys.hash('email-code', `${userId}:${code}`);
  }
}
