import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { PASSWORD_RESET_MINUTES, type ResetPasswordBody, type UpdatePasswordBody } from '@kosh/contracts';
import { systemClock, type Clock } from '../clock.ts';
import type { Actor } from './actor.ts';
import { validation } from '../http/app-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MailTemplates } from '../mail/mail-templates.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { UserRow, UsersRepository } from '../users/users.repository.ts';
import { THROTTLES, type FailureThrottle } from './failure-throttle.ts';
import { hashPassword, verifyPassword } from './password.ts';
import type { PasswordResetsRepository } from './password-resets.repository.ts';
import type { RequestContext } from '../http/request-context.ts';
import { sessionIdOf } from './session-token.ts';
import type { RotatedSession, SessionService } from './session.service.ts';
import type { AccessTokensRepository } from './access-tokens.repository.ts';

const INVALID_TOKEN = 'This password reset token is invalid.';

type Deps = {
  users: Pick<UsersRepository, 'getByEmail' | 'getById' | 'update'>;
  resets: Pick<PasswordResetsRepository, 'replaceForUser' | 'getByHash' | 'consume' | 'deleteOfUser'>;
  sessions: Pick<SessionService, 'endSessionsOf' | 'rotate'>;
  accessTokens: Pick<AccessTokensRepository, 'deleteAllOfUser'>;
  throttle: Pick<FailureThrottle, 'attempt'>;
  mailer: Mailer;
  templates: MailTemplates;
  settings: Pick<SettingsService, 'get'>;
  logger: Logger;
  clock?: Clock;
};

/** Forgotten, reset and changed passwords (spec part 1, 2.5 and 7.2). */
export class PasswordService {
  private readonly deps: Deps;
  private readonly clock: Clock;
  constructor(deps: Deps) {
    this.deps = deps;
    this.clock = deps.clock ?? systemClock;
  }

  /**
   * Mails a reset link when the address has an account. The work runs after the answer, so
   * the answer and its timing are the same for every address. Requests are counted per (address,
   * client network) and per address from networks the account never signed in from (429 past them).
   */
  async requestReset(email: string, ctx: RequestContext): Promise<void> {
    const row = await this.deps.users.getByEmail(email);
    await this.deps.throttle.attempt(THROTTLES.passwordReset, {
      account: `email:${email.trim().toLowerCase()}`,
      ip: ctx.ip,
      userId: row?.id ?? 0,
    });
    this.sendResetLink(email, ctx.baseUrl).catch((err: unknown) =>
      this.deps.logger.error({ err }, 'could not send a password reset link'),
    );
  }

  private async sendResetLink(email: string, baseUrl: string): Promise<void> {
    const row = await this.deps.users.getByEmail(email);
    if (row) await this.mailResetLink(row, baseUrl);
  }

  /**
   * Mails the user a fresh reset link (the one before stops working); staff send it from the
   * admin area for a user who cannot sign in.
   */
  async mailResetLink(row: Pick<UserRow, 'id' | 'email'>, baseUrl: string): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const at = this.clock();
    await this.deps.resets.replaceForUser({
      user_id: row.id,
      token_hash: sessionIdOf(token),
      expires_at: new Date(at.getTime() + PASSWORD_RESET_MINUTES * 60_000).toISOString(),
      created_at: at.toISOString(),
    });
    const link = `${baseUrl}/password/reset/${token}?email=${encodeURIComponent(row.email)}`;
    const siteName = await this.deps.settings.get<string>('branding.site_name');
    const vars = { link, minutes: PASSWORD_RESET_MINUTES, site_name: siteName };
    await this.deps.mailer.send(await this.deps.templates.message('password_reset', row.email, vars));
  }

  /**
   * Sets a new password with an emailed token: once, within the hour. Every session of the account
   * ends and its API tokens are revoked: whoever knew the old password may have made one.
   */
  async reset(body: ResetPasswordBody): Promise<void> {
    const reset = await this.deps.resets.getByHash(sessionIdOf(body.token));
    const row = reset ? await this.deps.users.getById(reset.user_id) : undefined;
    if (!reset || !row || row.email !== body.email) throw validation({ email: [INVALID_TOKEN] });
    if (Date.parse(reset.expires_at) <= this.clock().getTime()) {
      await this.deps.resets.consume(reset.id);
      throw validation({ email: ['This password reset link has expired. Please ask for a new one.'] });
    }
    if (!(await this.deps.resets.consume(reset.id))) throw validation({ email: [INVALID_TOKEN] });
    const at = this.clock().toISOString();
    // Following the emailed link proves the address as well.
    await this.deps.users.update(row.id, {
      password: await hashPassword(body.password),
      email_verified_at: row.email_verified_at ?? at,
      updated_at: at,
    });
    await this.deps.resets.deleteOfUser(row.id);
    await this.deps.sessions.endSessionsOf(row.id, null);
    await this.deps.accessTokens.deleteAllOfUser(row.id);
  }

  /** Changes the password after checking the current one; the user's other sessions end, this one gets a new token. */
  async update(actor: Actor, ctx: RequestContext, body: UpdatePasswordBody): Promise<RotatedSession | null> {
    actor.refuseWhileImpersonated();
    const user = actor.requireUser();
    const row = await this.deps.users.getById(user.id);
    if (!row || !(await verifyPassword(row.password, body.current_password))) {
      throw validation({ current_password: ['The provided password does not match your current password.'] });
    }
    await this.deps.users.update(row.id, {
      password: await hashPassword(body.password),
      updated_at: this.clock().toISOString(),
    });
    await this.deps.sessions.endSessionsOf(row.id, ctx.sessionId);
    return this.deps.sessions.rotate(ctx);
  }
}
