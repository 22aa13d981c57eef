import type { Actor } from '../../auth/actor.ts';
import type { Database } from '../../db/database.ts';
import { forbidden } from '../../http/app-error.ts';
import { ADMIN_ONLY } from '../../users/user-access.ts';
import type { AccountsRepository } from './accounts.repository.ts';

/**
 * Staff holding users.update manage ordinary accounts; an account holding admin, and the admin
 * permission itself, stay with admins: otherwise users.update would be a way to become one.
 */
export async function guardAdminTarget(
  actor: Actor,
  accounts: Pick<AccountsRepository, 'holdsAdmin'>,
  userId: number,
  db?: Database,
): Promise<void> {
  if (!actor.isAdmin && (await accounts.holdsAdmin(userId, db))) throw forbidden(ADMIN_ONLY);
}
