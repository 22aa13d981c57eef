import { Permission } from '@kosh/contracts';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../http/app-error.ts';
import type { SettingsReader } from '../settings/settings.service.ts';
import type { UsersRepository } from '../users/users.repository.ts';

export const ADMIN_TWO_FACTOR_MESSAGE =
  'Turn on two-factor authentication in your account settings to use the admin area.';

/**
 * The admin area's API: its own routes, the site settings, and the staff screens' calls that live
 * beside the public ones (changing plans, coupons, the error log). Reading the plans stays open:
 * the pricing page lists them.
 */
export function isAdminApi(method: string, path: string): boolean {
  const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  return (
    under('/api/v1/admin') ||
    under('/api/v1/settings') ||
    under('/api/v1/billing/coupons') ||
    under('/api/v1/logs') ||
    (under('/api/v1/billing/products') && method !== 'GET' && method !== 'HEAD')
  );
}

/**
 * With `auth.admin_two_factor` on, staff (admin.access) without two-factor sign-in get 403
 * `two_factor_required` from the admin area's API, whatever credential they call with.
 */
export function adminTwoFactorGate(deps: { settings: SettingsReader; users: Pick<UsersRepository, 'getById'> }) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!isAdminApi(request.method, request.url.split('?')[0] ?? '')) return;
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
