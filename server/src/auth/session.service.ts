import { PASSWORD_CONFIRMATION_SECONDS, STAY_SIGNED_IN_DAYS, type UserSession } from '@kosh/contracts';
import type { Actor } from './actor.ts';
import { systemClock, type Clock } from '../clock.ts';
import { AppError, forbidden, validation } from '../http/app-error.ts';
import type { SecurityNotices } from '../notifications/security-notices.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { isSuspended, suspendedSignIn } from '../users/suspension.ts';
import { describeUserAgent, type DeviceType } from './device.ts';
import { THROTTLES, type FailureThrottle } from './failure-throttle.ts';
import type { GeoLocator } from './geoip.ts';
import { verifyPassword } from './password.ts';
import type { RequestContext } from '../http/request-context.ts';
import { newSessionToken } from './session-token.ts';
import type { SessionRow, SessionsRepository } from './sessions.repository.ts';

const DAY_MS = 24 * 3600 * 1000;
/** A session without "stay signed in" ends with the browser, and on the server after a week at most. */
const BROWSER_SESSION_DAYS = 7;

/** A session moved to a new cookie token: the browser gets `token`, the old cookie stops working. */
export type RotatedSession = { token: string; remember: boolean };

export const passwordConfirmationRequired = () =>
  new AppError(423, 'Password confirmation required.', { code: 'password_confirmation_required' });

export function presentSession(row: SessionRow, currentId: string | null): UserSession {
  return {
    id: row.id,
    device_type: (row.device_type as DeviceType | null) ?? 'desktop',
    platform: row.platform,
    browser: row.browser,
    city: row.city,
    country: row.country,
    ip_address: row.ip_address,
    last_active: row.last_active,
    is_current_device: row.id === currentId,
  };
}

/** Sign-in sessions: one row per login, device details, password confirmation (spec part 1, 2.7, 4, 6). */
export class SessionService {
  private readonly sessions: SessionsRepository;
  private readonly users: UsersRepository;
  private readonly geo: GeoLocator;
  private readonly notices: SecurityNotices | undefined;
  private readonly clock: Clock;
  private readonly throttle: Pick<FailureThrottle, 'attempt' | 'rememberNetwork'> | undefined;
  constructor(
    sessions: SessionsRepository,
    users: UsersRepository,
    geo: GeoLocator,
    notices?: SecurityNotices,
    clock: Clock = systemClock,
    throttle?: Pick<FailureThrottle, 'attempt' | 'rememberNetwork'>,
  ) {
    this.sessions = sessions;
    this.users = users;
    this.geo = geo;
    this.notices = notices;
    this.clock = clock;
    this.throttle = throttle;
  }

  /**
   * Starts a session for the user; a session the browser already had ends (no fixation). Every
   * sign-in (password, two-factor, social, registration) comes through here, so a suspended
   * account is refused here once for all of them.
   */
  async start(userId: number, ctx: RequestContext, remember: boolean): Promise<{ token: string; id: string }> {
    const at = this.clock();
    const user = await this.users.getById(userId);
    if (user && isSuspended(user, at)) throw suspendedSignIn(user);
    if (ctx.sessionId) await this.sessions.delete(ctx.sessionId);
    const { token, id } = newSessionToken();
    const place = await this.geo.locate(ctx.ip);
    const device = describeUserAgent(ctx.userAgent);
    await this.sessions.create({
      id,
      user_id: userId,
      ip_address: ctx.ip || null,
      user_agent: ctx.userAgent?.slice(0, 1000) ?? null,
      ...device,
      city: place.city,
      country: place.country,
      last_active: at.toISOString(),
      expires_at: new Date(
        at.getTime() + (remember ? STAY_SIGNED_IN_DAYS : BROWSER_SESSION_DAYS) * DAY_MS,
      ).toISOString(),
      created_at: at.toISOString(),
    });
    // Signing in is activity: the admin users list shows it from now, not a minute later.
    await this.users.touchLastActive(userId, at.toISOString());
    // The network becomes the owner's: failures elsewhere cannot lock the account out from it.
    if (ctx.ip) await this.throttle?.rememberNetwork(userId, ctx.ip);
    // A browser + platform not seen before for this user: the new-sign-in notification.
    await this.notices?.signedIn(userId, {
      ip: ctx.ip,
      baseUrl: ctx.baseUrl,
      browser: device.browser,
      platform: device.platform,
      city: place.city,
      country: place.country,
    });
    return { token, id };
  }

  async list(actor: Actor, ctx: RequestContext): Promise<UserSession[]> {
    const user = actor.requireUser();
    const rows = await this.sessions.listActiveOfUser(user.id, this.clock().toISOString());
    return rows.map((row) => presentSession(row, ctx.sessionId));
  }

  /**
   * Gives the call's session a new token, keeping its row (device, confirmation, expiry): after a
   * change of what the session may do, a token seen before the change is worth nothing. Null
   * without a cookie session (API tokens).
   */
  async rotate(ctx: Pick<RequestContext, 'sessionId'>): Promise<RotatedSession | null> {
    if (!ctx.sessionId) return null;
    const row = await this.sessions.getActive(ctx.sessionId, this.clock().toISOString());
    if (!row) return null;
    const { token, id } = newSessionToken();
    if (!(await this.sessions.rotate(row.id, id))) return null;
    const lifetimeDays = (Date.parse(row.expires_at) - Date.parse(row.created_at)) / DAY_MS;
    return { token, remember: lifetimeDays > BROWSER_SESSION_DAYS };
  }

  /** Checks the password and marks this session as having confirmed it now; the session gets a new token. */
  async confirmPassword(actor: Actor, ctx: RequestContext, password: string): Promise<RotatedSession | null> {
    const user = actor.requireUser();
    if (!ctx.sessionId) throw forbidden('Password confirmation needs a signed-in browser session.');
    const counted = await this.throttle?.attempt(THROTTLES.confirmPassword, {
      account: `user:${user.id}`,
      ip: ctx.ip,
      userId: user.id,
    });
    await this.checkPassword(user.id, password, 'password', 'The provided password was incorrect.');
    await counted?.succeeded();
    await this.sessions.setPasswordConfirmedAt(ctx.sessionId, this.clock().toISOString());
    return this.rotate(ctx);
  }

  /** Whether this session confirmed its password within `seconds` (at most the 9000 s the spec allows). */
  async isPasswordConfirmed(
    ctx: Pick<RequestContext, 'sessionId'>,
    seconds = PASSWORD_CONFIRMATION_SECONDS,
  ): Promise<boolean> {
    if (!ctx.sessionId) return false;
    const now = this.clock();
    const row = await this.sessions.getActive(ctx.sessionId, now.toISOString());
    if (!row?.password_confirmed_at) return false;
    const window = Math.min(seconds, PASSWORD_CONFIRMATION_SECONDS) * 1000;
    return now.getTime() - Date.parse(row.password_confirmed_at) < window;
  }

  /** 423 unless the session confirmed its password recently (sensitive actions, spec part 1, 6). */
  async requirePasswordConfirmed(ctx: Pick<RequestContext, 'sessionId'>): Promise<void> {
    if (!(await this.isPasswordConfirmed(ctx))) throw passwordConfirmationRequired();
  }

  /** Ends every other session of the user; answers how many ended. */
  async logoutOthers(actor: Actor, ctx: RequestContext, password: string): Promise<number> {
    const user = actor.requireUser();
    actor.refuseWhileImpersonated();
    await this.requirePasswordConfirmed(ctx);
    await this.checkPassword(user.id, password, 'password', 'This password does not match our records.');
    return this.sessions.deleteOthersOfUser(user.id, ctx.sessionId);
  }

  /** Ends the user's sessions, all but `keepId` when given (after a password change or reset). */
  endSessionsOf(userId: number, keepId: string | null): Promise<number> {
    return this.sessions.deleteOthersOfUser(userId, keepId);
  }

  async end(sessionId: string | null): Promise<void> {
    if (sessionId) await this.sessions.delete(sessionId);
  }

  private async checkPassword(userId: number, password: string, field: string, message: string): Promise<void> {
    const row = await this.users.getById(userId);
    if (!row || !(await verifyPassword(row.password, password))) throw validation({ [field]: [message] });
  }
}
