import { type AdminUserDetail, type AdminUserRow, Permission, type PermissionGrant } from '@kosh/contracts';
import { mergeGrants } from '../../auth/roles.repository.ts';
import { TwoFactorService } from '../../auth/two-factor.service.ts';
import { allowedSpace, MAX_SPACE } from '../../drive/space.service.ts';
import { isSuspended } from '../../users/suspension.ts';
import { nameOf } from '../../users/user.presenter.ts';
import type { UserRow } from '../../users/users.repository.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import type { AdminUserListRow, AdminUsersRepository } from './admin-users.repository.ts';

/**
 * Admin list rows for users read in one page or batch: their roles, space used, valid subscriptions
 * (subscribed, and the space of their plan) and space allowed come from one query each for all of
 * them, never one per row. `defaultSpace` is what users with nothing else get (the free plan's space
 * while billing is on).
 */
export async function presentAdminUsers(
  rows: AdminUserListRow[],
  deps: { repo: AdminUsersRepository; defaultSpace: () => Promise<number>; at: Date },
): Promise<AdminUserRow[]> {
  const ids = rows.map((r) => r.id);
  const [roles, used, grants, plans] = await Promise.all([
    deps.repo.rolesOf(ids),
    deps.repo.spaceUsedOf(ids),
    deps.repo.grantsOf(ids, [Permission.admin, Permission.filesCreate]),
    deps.repo.validPlanSpaceOf(ids, deps.at.toISOString()),
  ]);
  return Promise.all(
    rows.map(async (row) => {
      const held = mergeGrants(grants.filter((g) => g.user_id === row.id));
      const isAdmin = held.some((p) => p.name === Permission.admin);
      const allowed = await allowedSpace(
        {
          isAdmin,
          override: row.available_space,
          restriction: held
            .find((p) => p.name === Permission.filesCreate)
            ?.restrictions.find((r) => r.name === MAX_SPACE),
          plan: async () => plans.get(row.id) ?? null,
        },
        deps.defaultSpace,
      );
      const suspended = isSuspended(row, deps.at);
      return {
        id: row.id,
        name: nameOf(row),
        email: row.email,
        image: row.image,
        roles: roles.filter((r) => r.user_id === row.id).map((r) => ({ id: r.id, name: r.name })),
        is_admin: isAdmin,
        subscribed: plans.has(row.id),
        email_verified_at: row.email_verified_at,
        // An ended suspension shows as none.
        banned_at: suspended ? row.banned_at : null,
        banned_until: suspended ? row.banned_until : null,
        ban_reason: suspended ? row.ban_reason : null,
        space_used: used.get(row.id) ?? 0,
        space_allowed: allowed,
        available_space: row.available_space,
        last_active_at: row.last_active_at,
        created_at: row.created_at,
      };
    }),
  );
}

/** Direct grants as stored (restrictions JSON) in the contract's shape. */
export const grantsOf = (rows: Array<{ name: string; restrictions: string }>): PermissionGrant[] =>
  rows.map((r) => ({ name: r.name, restrictions: JSON.parse(r.restrictions) as PermissionGrant['restrictions'] }));

/** The edit page's user: the list row plus profile, two-factor state, role ids and direct grants. */
export async function presentAdminUserDetail(
  row: UserRow,
  deps: { list: AdminUsersRepository; accounts: AccountsRepository; defaultSpace: () => Promise<number>; at: Date },
): Promise<AdminUserDetail> {
  const present = (r: UserRow) =>
    presentAdminUsers([r], { repo: deps.list, defaultSpace: deps.defaultSpace, at: deps.at });
  const [[shown], [inherited], roleIds, grants] = await Promise.all([
    present(row),
    // What the edit page shows the override field falls back to: the same user without it.
    row.available_space === null ? [undefined] : present({ ...row, available_space: null }),
    deps.accounts.roleIdsOf(row.id),
    deps.accounts.directGrantsOf(row.id),
  ]);
  return {
    ...shown,
    first_name: row.first_name,
    last_name: row.last_name,
    language: row.language,
    country_id: row.country_id,
    timezone: row.timezone,
    two_factor_enabled: TwoFactorService.isEnabled(row),
    inherited_space: (inherited ?? shown).space_allowed,
    permissions: grantsOf(grants),
    role_ids: roleIds,
  };
}
