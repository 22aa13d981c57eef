import { Permission } from '@kosh/contracts';
import type { Actor } from '../auth/actor.ts';
import { forbidden } from '../http/app-error.ts';

export const ADMIN_ONLY = 'Only an admin can change an admin account or give the admin permission.';

/** Whether a user holds the admin permission (through a role or directly). */
export type HoldsAdmin = (userId: number) => Promise<boolean>;

/** Users manage their own account; holders of users.update manage anyone's (401 for visitors). */
export function authorizeAccount(actor: Actor, userId: number): void {
  const user = actor.requireUser();
  if (user.id !== userId && !actor.can(Permission.usersUpdate)) throw forbidden();
}

/**
 * A change to an account: as reading it, except that an admin's account is for admins to change
 * (the admin area's rule, kept on the account routes too).
 */
export async function authorizeAccountChange(actor: Actor, userId: number, holdsAdmin: HoldsAdmin): Promise<void> {
  authorizeAccount(actor, userId);
  if (actor.requireUser().id !== userId && !actor.isAdmin && (await holdsAdmin(userId))) throw forbidden(ADMIN_ONLY);
}
