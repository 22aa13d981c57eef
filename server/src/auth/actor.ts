import { Permission } from '@kosh/contracts';
import { forbidden, unauthenticated } from '../http/app-error.ts';
import type { SuspensionColumns } from '../users/suspension.ts';

export type Restriction = { name: string; value: number | null };
export type GrantedPermission = { id: number; name: string; restrictions: Restriction[] };

export type ActorUser = { id: number; email: string };

export const IMPERSONATING = 'Not available while logged in as another user.';

/**
 * Who is making a request and what they may do (spec part 1 section 6): a user's
 * permissions, or the guest role's when logged out. Holding `admin` passes every check.
 */
export class Actor {
  readonly user: ActorUser | null;
  readonly roleIds: number[];
  readonly permissions: Map<string, GrantedPermission>;
  /** Bytes of storage staff allowed this user (users.available_space); null inherits (drive/space.service.ts). */
  readonly availableSpace: number | null;
  /** The user's suspension columns when banned (users/suspension.ts decides whether it still holds). */
  readonly suspension: SuspensionColumns | null;
  /** The staff member acting as this user through "log in as user"; null for the user themselves. */
  impersonator: ActorUser | null = null;

  constructor(
    user: ActorUser | null,
    roleIds: number[],
    permissions: GrantedPermission[],
    options: { availableSpace?: number | null; suspension?: SuspensionColumns | null } = {},
  ) {
    this.user = user;
    this.roleIds = roleIds;
    this.permissions = new Map(permissions.map((p) => [p.name, p]));
    this.availableSpace = options.availableSpace ?? null;
    this.suspension = options.suspension?.banned_at ? options.suspension : null;
  }

  get isAdmin(): boolean {
    return this.permissions.has(Permission.admin);
  }

  can(name: string): boolean {
    return this.isAdmin || this.permissions.has(name);
  }

  hasRole(roleId: number): boolean {
    return this.roleIds.includes(roleId);
  }

  /** A restriction's numeric value; null means unlimited. */
  restriction(permission: string, name: string): number | null {
    if (this.isAdmin) return null;
    return this.permissions.get(permission)?.restrictions.find((r) => r.name === name)?.value ?? null;
  }

  /** A count at or above the restriction's value is over quota (section 6). */
  isOverQuota(permission: string, name: string, count: number): boolean {
    const limit = this.restriction(permission, name);
    return limit !== null && count >= limit;
  }

  /** 401 for a guest, 403 for a user, unless the permission is held. */
  authorize(name: string): void {
    if (this.can(name)) return;
    throw this.user ? forbidden() : unauthenticated();
  }

  /**
   * 403 while staff act as this user through "log in as user": changes to how the account signs in,
   * its tokens or its existence stay with the user.
   */
  refuseWhileImpersonated(): void {
    if (this.impersonator) throw forbidden(IMPERSONATING);
  }

  requireUser(): ActorUser {
    if (!this.user) throw unauthenticated();
    return this.user;
  }
}
