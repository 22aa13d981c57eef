import { systemClock, type Clock } from '../clock.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { Actor, type ActorUser } from './actor.ts';
import type { RolesRepository } from './roles.repository.ts';

/** The guest role changes only through the admin area; a short cache spares a query per visit. */
export const GUEST_CACHE_MS = 5000;

/**
 * The one place an Actor is built: a user's (their roles' permissions plus their own), or the
 * guest role's. Sessions, API tokens, sign-in answers and drive owners all come through here.
 */
export class Actors {
  private readonly users: UsersRepository;
  private readonly roles: RolesRepository;
  private readonly clock: Clock;
  private guestCache: { actor: Actor; at: number } | null = null;
  constructor(deps: { users: UsersRepository; roles: RolesRepository; clock?: Clock }) {
    this.users = deps.users;
    this.roles = deps.roles;
    this.clock = deps.clock ?? systemClock;
  }

  /** The user's actor; a users row passed in also carries the staff-set storage allowance and any suspension. */
  async forUser(
    user: ActorUser & { available_space?: number | null; banned_at?: string | null; banned_until?: string | null },
  ): Promise<Actor> {
    const roles = await this.roles.listRolesOfUser(user.id);
    const permissions = await this.roles.listPermissions(
      roles.map((r) => r.id),
      user.id,
    );
    return new Actor(
      { id: user.id, email: user.email },
      roles.map((r) => r.id),
      permissions,
      {
        availableSpace: user.available_space ?? null,
        suspension: { banned_at: user.banned_at ?? null, banned_until: user.banned_until ?? null },
      },
    );
  }

  /** The user's actor; undefined when no such user exists (any more). */
  async forUserId(userId: number): Promise<Actor | undefined> {
    const row = await this.users.getById(userId);
    return row ? this.forUser(row) : undefined;
  }

  async guest(): Promise<Actor> {
    const now = this.clock().getTime();
    if (this.guestCache && now - this.guestCache.at < GUEST_CACHE_MS) return this.guestCache.actor;
    const role = await this.roles.getGuestRole();
    const permissions = role ? await this.roles.listPermissions([role.id]) : [];
    const actor = new Actor(null, role ? [role.id] : [], permissions);
    this.guestCache = { actor, at: now };
    return actor;
  }

  /** Guest actors held (0 or 1), for the admin area's cache tab. */
  get cachedGuestRoles(): number {
    return this.guestCache ? 1 : 0;
  }

  /** Called when the guest role's permissions change in this process. */
  forgetGuestRole(): void {
    this.guestCache = null;
  }
}
