import { randomBytes } from 'node:crypto';
import { TWO_FACTOR_CHALLENGE_MINUTES, type ChallengeTwoFactorBody, type LoginUserBody } from '@kosh/contracts';
import { unauthenticated, validation } from '../http/app-error.ts';
import { isSuspended, suspendedSignIn } from '../users/suspension.ts';
import type { UserRow, UsersRepository } from '../users/users.repository.ts';
import { THROTTLES, type FailureThrottle } from './failure-throttle.ts';
import type { KeyRing } from './key-ring.ts';
import { hashPassword, verifyPassword } from './password.ts';
import type { RequestContext } from '../http/request-context.ts';
import type { SessionService } from './session.service.ts';
import { INVALID_CODE, INVALID_RECOVERY_CODE, TwoFactorService } from './two-factor.service.ts';

export const TWO_FACTOR_COOKIE = 'kosh_2fa';
export const TWO_FACTOR_CHALLENGE_SECONDS = TWO_FACTOR_CHALLENGE_MINUTES * 60;
const CHALLENGE_PURPOSE = 'two-factor-challenge';
const BAD_CREDENTIALS = 'These credentials do not match our records.';

type Started = { kind: 'signed_in'; user: UserRow; session: { token: string; id: string }; remember: boolean };
export type LoginOutcome = Started | { kind: 'two_factor'; challenge: string };

/** Password sign-in and its two-factor step (spec part 1, 2.3 and 4 "Login"). */
export class LoginService {
  private readonly users: UsersRepository;
  private readonly sessions: SessionService;
  private readonly twoFactor: TwoFactorService;
  private readonly keys: KeyRing;
  private readonly throttle: Pick<FailureThrottle, 'attempt'>;
  /** Hashed once up front, so even the first unknown address takes no longer than a known one. */
  private readonly dummyHash: Promise<string> = hashPassword(randomBytes(16).toString('hex'));
  constructor(deps: {
    users: UsersRepository;
    sessions: SessionService;
    twoFactor: TwoFactorService;
    keys: KeyRing;
    throttle: Pick<FailureThrottle, 'attempt'>;
  }) {
    this.users = deps.users;
    this.sessions = deps.sessions;
    this.twoFactor = deps.twoFactor;
    this.keys = deps.keys;
    this.throttle = deps.throttle;
  }

  /**
   * Checks the credentials; an unknown address costs the same hashing as a known one, so the
   * answer time tells nothing. With two-factor on, answers a signed challenge instead of a session.
   * Wrong passwords are throttled per (address, client network) and per account (failure-throttle.ts).
   */
  async attempt(body: LoginUserBody, ctx: RequestContext): Promise<LoginOutcome> {
    const row = await this.users.getByEmail(body.email);
    const counted = await this.throttle.attempt(THROTTLES.login, {
      account: `email:${body.email.trim().toLowerCase()}`,
      ip: ctx.ip,
      userId: row?.id ?? 0,
    });
    const matches = await verifyPassword(row?.password ?? (await this.dummyHash), body.password);
    if (!row?.password || !matches) throw validation({ email: [BAD_CREDENTIALS] });
    await counted.succeeded();
    // Refused before the two-factor step too: the code would lead nowhere.
    if (isSuspended(row, new Date())) throw suspendedSignIn(row);
    if (TwoFactorService.isEnabled(row)) {
      const challenge = await this.keys.sign(
        CHALLENGE_PURPOSE,
        { uid: row.id, remember: body.remember },
        TWO_FACTOR_CHALLENGE_SECONDS,
      );
      return { kind: 'two_factor', challenge };
    }
    return {
      kind: 'signed_in',
      user: row,
      session: await this.sessions.start(row.id, ctx, body.remember),
      remember: body.remember,
    };
  }

  /** Finishes a two-factor sign-in with a TOTP code or a one-time recovery code. */
  async challenge(challenge: string | undefined, body: ChallengeTwoFactorBody, ctx: RequestContext): Promise<Started> {
    const payload = await this.keys.verify<{ uid: number; remember: boolean }>(CHALLENGE_PURPOSE, challenge);
    const row = payload ? await this.users.getById(payload.uid) : undefined;
    if (!payload || !row || !TwoFactorService.isEnabled(row))
      throw unauthenticated('Your sign-in attempt has expired. Please log in again.');
    // Codes and recovery codes share one count per (account, network) and per account.
    const counted = await this.throttle.attempt(THROTTLES.twoFactor, {
      account: `user:${row.id}`,
      ip: ctx.ip,
      userId: row.id,
    });
    if (body.code) {
      if (!(await this.twoFactor.verifyLoginCode(row, body.code))) throw validation({ code: [INVALID_CODE] });
    } else if (!(await this.twoFactor.useRecoveryCode(row, body.recovery_code ?? ''))) {
      throw validation({ recovery_code: [INVALID_RECOVERY_CODE] });
    }
    await counted.succeeded();
    return {
      kind: 'signed_in',
      user: row,
      session: await this.sessions.start(row.id, ctx, payload.remember),
      remember: payload.remember,
    };
  }
}
