import { Permission } from '@kosh/contracts';
import { type Actor, IMPERSONATING } from '../../auth/actor.ts';
import type { Actors } from '../../auth/actors.ts';
import { describeUserAgent } from '../../auth/device.ts';
import type { RotatedSession, SessionService } from '../../auth/session.service.ts';
import { newSessionToken, sessionIdOf } from '../../auth/session-token.ts';
import type { SessionsRepository } from '../../auth/sessions.repository.ts';
import { systemClock, type Clock } from '../../clock.ts';
import type { Database, Dialect } from '../../db/database.ts';
import { immediateTransaction } from '../../drive/owner-transaction.ts';
import { conflict, forbidden, notFound, unauthenticated } from '../../http/app-error.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { isSuspended } from '../../users/suspension.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { AccountsRepository } from './accounts.repository.ts';

/** A "log in as user" session ends after this long at most, whatever happens to the browser. */
export const IMPERSONATION_HOURS = 8;

type Deps = {
  db: Database;
  dialect: Dialect;
  accounts: AccountsRepository;
  sessions: Pick<SessionService, 'rotate'>;
  sessionsRepo: Pick<SessionsRepository, 'getActive' | 'delete'>;
  actors: Pick<Actors, 'forUserId'>;
  audit: AuditService;
  clock?: Clock;
};

/** The target's new session (its cookie token) and the staff member's own, moved to a new token to set aside. */
export type Started = { session: { token: string; id: string }; stash: string; userId: number };
/** Back to the staff member's own session, or to nobody when it has ended meanwhile. */
export type Stopped = { restored: (RotatedSession & { userId: number; id: string }) | null };

/**
 * "Log in as user" (admin area, users): an admin gets a session of the user's, marked with their
 * own id (sessions.impersonator_id), while their own session waits under a new token in a
 * separate cookie until they come back. While it lasts the actor names the admin as its
 * impersonator: changes to how the account signs in refuse (Actor.refuseWhileImpersonated), and
 * admin changes made meanwhile record the admin behind them. Start and stop are audit-logged.
 */
export class Impersonation {
  private readonly deps: Deps;
  private readonly clock: Clock;
  constructor(deps: Deps) {
    this.deps = deps;
    this.clock = deps.clock ?? systemClock;
  }

  async start(actor: Actor, ctx: RequestContext, userId: number): Promise<Started> {
    actor.authorize(Permission.admin);
    if (actor.impersonator) throw forbidden(IMPERSONATING);
    const staff = actor.requireUser();
    if (!ctx.sessionId) throw forbidden('Log in as a user from a signed-in browser, not with an API token.');
    if (staff.id === userId) throw forbidden('You cannot log in as yourself.');
    const { accounts } = this.deps;
    const at = this.clock();
    const { token, id } = newSessionToken();
    await immediateTransaction(this.deps.db, this.deps.dialect, async (trx) => {
      const row = await accounts.lockUser(userId, trx);
      if (!row) throw notFound('User not found.');
      if (await accounts.holdsAdmin(userId, trx)) throw forbidden('You cannot log in as another admin.');
      if (isSuspended(row, at))
        throw conflict('This account is suspended. Lift the suspension to log in as this user.');
      await accounts.insertSession(
        {
          id,
          user_id: userId,
          impersonator_id: staff.id,
          ip_address: ctx.ip || null,
          user_agent: ctx.userAgent?.slice(0, 1000) ?? null,
          ...describeUserAgent(ctx.userAgent),
          last_active: at.toISOString(),
          expires_at: new Date(at.getTime() + IMPERSONATION_HOURS * 3600_000).toISOString(),
          created_at: at.toISOString(),
        },
        trx,
      );
      await this.deps.audit.record(
        { actor, ip: ctx.ip },
        { action: 'user.impersonate', targetType: 'user', targetId: userId, targetLabel: row.email },
        trx,
      );
    });
    // The staff member's session gets a new token, kept aside: one seen before is worth nothing.
    const stashed = await this.deps.sessions.rotate(ctx);
    if (!stashed) {
      await this.deps.sessionsRepo.delete(id);
      throw unauthenticated();
    }
    return { session: { token, id }, stash: stashed.token, userId };
  }

  /**
   * Ends the "log in as user" session and gives the staff member their own back, when the token set
   * aside still names a live session of theirs; otherwise they are logged out.
   */
  async stop(actor: Actor, ctx: RequestContext, stash: string | undefined): Promise<Stopped> {
    const staff = actor.impersonator;
    const user = actor.user;
    if (!staff || !user) throw conflict('You are not logged in as another user.');
    await this.deps.sessionsRepo.delete(ctx.sessionId ?? '');
    const staffActor = await this.deps.actors.forUserId(staff.id);
    await this.deps.audit.record(
      { actor: staffActor ?? actor, ip: ctx.ip },
      { action: 'user.impersonate_stop', targetType: 'user', targetId: user.id, targetLabel: user.email },
    );
    const own = stash && stash.length <= 200 ? sessionIdOf(stash) : null;
    const row = own ? await this.deps.sessionsRepo.getActive(own, this.clock().toISOString()) : undefined;
    if (!row || row.user_id !== staff.id || row.impersonator_id !== null) return { restored: null };
    const rotated = await this.deps.sessions.rotate({ sessionId: row.id });
    return { restored: rotated ? { ...rotated, userId: staff.id, id: sessionIdOf(rotated.token) } : null };
  }
}
