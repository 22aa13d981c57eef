import { Permission } from '@kosh/contracts';
import type { Actor } from '../auth/actor.ts';
import { forbidden } from '../http/app-error.ts';

/** Users manage their own account; holders of users.update manage anyone's (401 for visitors). */
export function authorizeAccount(actor: Actor, userId: number): void {
  const user = actor.requireUser();
  if (user.id !== userId && !actor.can(Permission.usersUpdate)) throw forbidden();
}
