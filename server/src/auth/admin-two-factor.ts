import { Permission } from '@kosh/contracts';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../http/app-error.ts';
import type { SettingsReader } from '../settings/settings.service.ts';
import type { UsersRepository } from '../users/users.repository.ts';

export const ADMIN_TWO_FACTOR_MESSAGE =
  'Turn on two-factor authentication in your account settings to use the admin area.';

/** The admin area's API: its own routes and the site settings. */
const isAdminApi = (path: string) =>
  path.startsWith('/api/v1/admin/') || path === '/api/v1/settings' || path.startsWith('/api/v1/settings/');

/**
 * With `auth.admin_two_factor` on, staff (admin.access) without two-factor sign-in get 403
 * `two_factor_required` from the admin area's API, whatever credential they call with.
 */
export function adminTwoFactorGate(deps: { settings: SettingsReader; users: Pick<UsersRepository, 'getById'> }) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!isAdminApi(request.url.split('?')[0] ?? '')) return;
    const { actor } = request;
    if (!actor.user || !actor.can(Permission.adminAccess)) return;
    if (!(await deps.settings.get<boolean>('auth.admin_two_factor'))) return;
    if (await hasTwoFactor(deps.users, actor.user.id)) return;
    throw forbidden(ADMIN_TWO_FACTOR_MESSAGE, 'two_factor_required');
  };
}

/** Whether the user confirmed two-factor sign-in. */
export async function hasTwoFactor(users: Pick<UsersRepository, 'getById'>, userId: number): Promise<boolean> {
  return Boolean((await users.getById(userId))?.two_factor_confirmed_at);
}
