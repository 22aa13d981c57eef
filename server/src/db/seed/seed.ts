import { randomBytes } from 'node:crypto';
import {
  ALL_PERMISSIONS,
  fallbackDisplayName,
  PERMISSION_CATALOG,
  PermissionRestrictions,
  permissionGroupOf,
  RolePermissions,
} from '@kosh/contracts';
import type { Database } from '../database.ts';
import { now } from '../database.ts';
import { ALL_SETTINGS, isPrivateSetting } from '../../settings/settings.defaults.ts';
import { SettingsRepository } from '../../settings/settings.repository.ts';
import { DEFAULT_THEMES } from './themes.ts';
import { DEFAULT_MENUS } from './menus.ts';
import { DEFAULT_PAGES } from './pages.ts';
import { DEFAULT_LOCALIZATIONS } from './localizations.ts';
import { DEFAULT_PLANS } from './plans.ts';

const ROLE_SEEDS = [
  {
    name: 'admin',
    description: 'Staff with every permission.',
    is_default: 0,
    is_guest: 0,
    permissions: RolePermissions.admin,
  },
  {
    name: 'users',
    description: 'Assigned to everyone who registers.',
    is_default: 1,
    is_guest: 0,
    permissions: RolePermissions.users,
  },
  {
    name: 'guests',
    description: 'Applies to visitors who are not logged in.',
    is_default: 0,
    is_guest: 1,
    permissions: RolePermissions.guests,
  },
] as const;

/**
 * Seeds what a fresh install needs. Idempotent: missing permissions, roles and settings are
 * added on every start; themes, menus, pages, plans and languages only into empty tables, so an
 * admin's edits and deletions survive restarts (a release's new lines still reach the shipped
 * languages that remain). Permissions' texts and accepted restrictions follow the release on
 * every start: they belong to the code, no screen edits them.
 */
export async function seedDefaults(db: Database): Promise<void> {
  const at = now();
  await db
    .insertInto('permissions')
    .values(
      ALL_PERMISSIONS.map((name) => ({
        name,
        display_name: PERMISSION_CATALOG[name]?.displayName ?? fallbackDisplayName(name),
        group_name: permissionGroupOf(name),
        description: PERMISSION_CATALOG[name]?.description ?? null,
        restrictions: JSON.stringify(PermissionRestrictions[name] ?? []),
      })),
    )
    .onConflict((oc) =>
      oc.column('name').doUpdateSet((eb) => ({
        display_name: eb.ref('excluded.display_name'),
        group_name: eb.ref('excluded.group_name'),
        description: eb.ref('excluded.description'),
        restrictions: eb.ref('excluded.restrictions'),
      })),
    )
    .execute();
  const permissionIds = new Map(
    (await db.selectFrom('permissions').select(['id', 'name']).execute()).map((p) => [p.name, p.id]),
  );
  const permissionId = (name: string) => {
    const id = permissionIds.get(name);
    // Every role's permissions come from ALL_PERMISSIONS, inserted just above.
    if (id === undefined)
      throw new Error(`Seeding: permission ${name} of a default role is not in the permissions table`);
    return id;
  };

  for (const seed of ROLE_SEEDS) {
    const existing = await db.selectFrom('roles').select('id').where('name', '=', seed.name).executeTakeFirst();
    if (existing) continue;
    const role = await db
      .insertInto('roles')
      .values({
        name: seed.name,
        description: seed.description,
        is_default: seed.is_default,
        is_guest: seed.is_guest,
        is_system: 1,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('permission_role')
      .values(seed.permissions.map((p) => ({ role_id: role.id, permission_id: permissionId(p), restrictions: '[]' })))
      .execute();
  }

  const settings = new SettingsRepository(db);
  await settings.insertMissing(
    Object.entries(ALL_SETTINGS).map(([key, value]) => ({ key, value, isPrivate: isPrivateSetting(key) })),
  );
  if (!(await settings.get('app.key'))) await settings.set('app.key', randomBytes(32).toString('base64url'), true);

  if (!(await db.selectFrom('themes').select('id').limit(1).executeTakeFirst())) {
    for (const t of DEFAULT_THEMES) {
      await db
        .insertInto('themes')
        .values({
          name: t.name,
          is_dark: +t.is_dark,
          default_light: +t.default_light,
          default_dark: +t.default_dark,
          values: JSON.stringify(t.values),
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
  }
  if (!(await db.selectFrom('menus').select('id').limit(1).executeTakeFirst())) {
    for (const m of DEFAULT_MENUS) {
      await db
        .insertInto('menus')
        .values({
          name: m.name,
          positions: JSON.stringify(m.positions),
          items: JSON.stringify(m.items),
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
  }
  if (!(await db.selectFrom('custom_pages').select('id').limit(1).executeTakeFirst())) {
    for (const p of DEFAULT_PAGES) {
      await db
        .insertInto('custom_pages')
        .values({
          slug: p.slug,
          title: p.title,
          body: p.body,
          seo: JSON.stringify(p.seo),
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
  }
  if (!(await db.selectFrom('products').select('id').limit(1).executeTakeFirst())) {
    for (const [position, p] of DEFAULT_PLANS.entries()) {
      const product = await db
        .insertInto('products')
        .values({
          name: p.name,
          description: p.description,
          position,
          available_space: p.available_space,
          free: +p.free,
          recommended: +p.recommended,
          hidden: 0,
          feature_list: JSON.stringify(p.feature_list),
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!p.prices.length) continue;
      await db
        .insertInto('prices')
        .values(
          p.prices.map((price) => ({
            product_id: product.id,
            // Stored in paise.
            amount: Math.round(price.amount * 100),
            currency: 'INR',
            interval: price.interval,
            interval_count: price.interval_count,
            archived_at: null,
            created_at: at,
          })),
        )
        .execute();
    }
  }
  const hasLocalizations = Boolean(await db.selectFrom('localizations').select('id').limit(1).executeTakeFirst());
  for (const l of DEFAULT_LOCALIZATIONS) {
    const existing = await db
      .selectFrom('localizations')
      .select(['id', 'lines'])
      .where('language', '=', l.language)
      .executeTakeFirst();
    if (!existing) {
      // A shipped language an admin deleted (or gave another code) stays gone.
      if (hasLocalizations) continue;
      await db
        .insertInto('localizations')
        .values({ language: l.language, name: l.name, lines: JSON.stringify(l.lines), created_at: at, updated_at: at })
        .execute();
      continue;
    }
    // New strings of a newer release are added; translations an admin edited are kept.
    const merged = { ...l.lines, ...(JSON.parse(existing.lines) as Record<string, string>) };
    if (Object.keys(merged).length !== Object.keys(JSON.parse(existing.lines)).length) {
      await db
        .updateTable('localizations')
        .set({ lines: JSON.stringify(merged), updated_at: at })
        .where('id', '=', existing.id)
        .execute();
    }
  }
}
