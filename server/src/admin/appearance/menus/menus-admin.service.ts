import {
  ALL_PERMISSIONS,
  MENU_ROUTES,
  PERMISSION_CATALOG,
  Permission,
  type Menu,
  type SaveMenuBody,
} from '@kosh/contracts';
import type { Clock } from '../../../clock.ts';
import type { Database, Dialect } from '../../../db/database.ts';
import { immediateTransaction } from '../../../drive/owner-transaction.ts';
import { notFound, validation } from '../../../http/app-error.ts';
import { PUBLIC_SETTINGS } from '../../../settings/settings.defaults.ts';
import type { AuditService, AuditSource } from '../../audit/audit.service.ts';
import type { MenuFields, MenusAdminRepository } from './menus-admin.repository.ts';

type Deps = { db: Database; dialect: Dialect; repo: MenusAdminRepository; audit: AuditService; clock: Clock };
type SaveMenuItem = SaveMenuBody['items'][number];

export const MENU_NOT_FOUND = 'There is no such menu.';
export const DUPLICATE_ITEM_ID = 'Another item of this menu has this id.';
export const UNKNOWN_ROUTE = 'Choose one of the pages of the app, or a custom page (/pages/<slug>).';
export const UNKNOWN_PAGE = 'There is no custom page at this address.';
export const BAD_LINK = 'Use an address starting with http:// or https://, or a path starting with /.';
export const UNKNOWN_PERMISSION = 'There is no such permission.';
export const UNKNOWN_ROLE = 'There is no such role.';
export const UNKNOWN_SETTING = 'Only public settings with a yes/no, text or number value can be conditions.';

/** /pages/<slug> or /pages/<id>/<slug>, as custom pages are addressed (admin/pages/menu-links.ts). */
const PAGE_PATH = /^\/pages\/(?:(\d+)\/)?([a-z0-9]+(?:-[a-z0-9]+)*)$/;
const KNOWN_PERMISSIONS = new Set<string>([...ALL_PERMISSIONS, ...Object.keys(PERMISSION_CATALOG)]);

/** What the items name outside the menu: the custom pages (by slug) and the roles that exist. */
export type MenuReferences = { pages: Map<string, number>; roleIds: Set<number> };

/** The slug (and id, if given) of a custom page's address; undefined for any other. */
export function pageAddress(action: string): { id: number | null; slug: string } | undefined {
  const match = PAGE_PATH.exec(action);
  return match ? { id: match[1] ? Number(match[1]) : null, slug: match[2] as string } : undefined;
}

/** An in-app page of MENU_ROUTES or a custom page's address, optionally with a #fragment or ?query. */
function isRoute(action: string): boolean {
  const path = action.split(/[?#]/, 1)[0] as string;
  return (MENU_ROUTES as readonly string[]).includes(path) || PAGE_PATH.test(path);
}

/** An http(s) URL or a path of this site; never a script (javascript:) or another scheme. */
function isLink(action: string): boolean {
  if (/\s/.test(action)) return false;
  if (action.startsWith('/')) return !action.startsWith('//') && !action.startsWith('/\\');
  try {
    const url = new URL(action);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const isCondition = (key: string, value: unknown) =>
  Object.hasOwn(PUBLIC_SETTINGS, key) && ['boolean', 'string', 'number'].includes(typeof value);

/**
 * What is wrong with the items beyond their schema, keyed like `items.2.action` (empty when
 * nothing): ids unique in the menu; a route item's address a page of the app, a page item's an
 * existing custom page, a link's an http(s) URL or a path; known permissions, roles and settings.
 */
export function menuItemProblems(items: SaveMenuItem[], refs: MenuReferences): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (seen.has(item.id)) add(`items.${i}.id`, DUPLICATE_ITEM_ID);
    seen.add(item.id);
    if (item.type === 'route' && !isRoute(item.action)) add(`items.${i}.action`, UNKNOWN_ROUTE);
    if (item.type === 'page') {
      const page = pageAddress(item.action);
      const id = page && refs.pages.get(page.slug);
      if (!page || id === undefined || (page.id !== null && page.id !== id)) add(`items.${i}.action`, UNKNOWN_PAGE);
    }
    if (item.type === 'link' && !isLink(item.action)) add(`items.${i}.action`, BAD_LINK);
    if (item.permissions.some((p) => !KNOWN_PERMISSIONS.has(p))) add(`items.${i}.permissions`, UNKNOWN_PERMISSION);
    if (item.roles.some((r) => !refs.roleIds.has(r))) add(`items.${i}.roles`, UNKNOWN_ROLE);
    if (Object.entries(item.settings).some(([key, value]) => !isCondition(key, value)))
      add(`items.${i}.settings`, UNKNOWN_SETTING);
  });
  return errors;
}

/**
 * The appearance editor's menus (permission appearance.update, checked here). A position belongs
 * to one menu: a menu saved with a position another holds takes it from that one, in the same
 * transaction, with the changes run one at a time and audited there.
 */
export class MenusAdminService {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  async list(source: AuditSource): Promise<{ menus: Menu[] }> {
    source.actor.authorize(Permission.appearanceUpdate);
    return { menus: await this.deps.repo.listAll() };
  }

  async create(source: AuditSource, body: SaveMenuBody): Promise<Menu> {
    source.actor.authorize(Permission.appearanceUpdate);
    const menu = await this.checked(body);
    const id = await this.write(async (trx, at) => {
      const id = await this.deps.repo.create(menu, at, trx);
      await this.takePositions(source, id, menu.positions, at, trx);
      await this.audit(source, 'menu.create', id, menu.name, null, menu, trx);
      return id;
    });
    return this.get(id);
  }

  /** Saves a menu: its name, positions and items in the order given. */
  async update(source: AuditSource, id: number, body: SaveMenuBody): Promise<Menu> {
    source.actor.authorize(Permission.appearanceUpdate);
    if (!(await this.deps.repo.getById(id))) throw notFound(MENU_NOT_FOUND);
    const menu = await this.checked(body);
    await this.write(async (trx, at) => {
      const before = await this.deps.repo.getById(id, trx);
      if (!before) throw notFound(MENU_NOT_FOUND);
      await this.deps.repo.update(id, menu, at, trx);
      await this.takePositions(source, id, menu.positions, at, trx);
      const { id: _, ...was } = before;
      await this.audit(source, 'menu.update', id, menu.name, was, menu, trx);
    });
    return this.get(id);
  }

  async delete(source: AuditSource, id: number): Promise<void> {
    source.actor.authorize(Permission.appearanceUpdate);
    await this.write(async (trx) => {
      const before = await this.deps.repo.getById(id, trx);
      if (!before) throw notFound(MENU_NOT_FOUND);
      await this.deps.repo.delete(id, trx);
      const { id: _, ...was } = before;
      await this.audit(source, 'menu.delete', id, before.name, was, null, trx);
    });
  }

  /** The menu as stored, once its items pass menuItemProblems (422 otherwise). */
  private async checked(body: SaveMenuBody): Promise<MenuFields> {
    const slugs = body.items.flatMap((item) => {
      const page = item.type === 'page' ? pageAddress(item.action) : undefined;
      return page ? [page.slug] : [];
    });
    const pages = await this.deps.repo.pagesBySlug([...new Set(slugs)]);
    const roleIds = await this.deps.repo.existingRoleIds([...new Set(body.items.flatMap((item) => item.roles))]);
    const refs = { pages: new Map(pages.map((p) => [p.slug, p.id])), roleIds: new Set(roleIds) };
    const problems = menuItemProblems(body.items, refs);
    if (Object.keys(problems).length) throw validation(problems);
    return { name: body.name, positions: [...new Set(body.positions)], items: body.items };
  }

  /** Takes the positions off every other menu holding them (each change audited as menu.update). */
  private async takePositions(
    source: AuditSource,
    id: number,
    positions: string[],
    at: string,
    trx: Database,
  ): Promise<void> {
    for (const other of await this.deps.repo.listAll(trx)) {
      if (other.id === id) continue;
      const kept = other.positions.filter((p) => !positions.includes(p));
      if (kept.length === other.positions.length) continue;
      await this.deps.repo.setPositions(other.id, kept, at, trx);
      await this.audit(
        source,
        'menu.update',
        other.id,
        other.name,
        { positions: other.positions },
        { positions: kept, moved_to_menu: id },
        trx,
      );
    }
  }

  private audit(
    source: AuditSource,
    action: string,
    id: number,
    name: string,
    before: unknown,
    after: unknown,
    trx: Database,
  ): Promise<void> {
    return this.deps.audit.record(
      source,
      { action, targetType: 'menu', targetId: id, targetLabel: name, before, after },
      trx,
    );
  }

  /** One change at a time across processes: SQLite's BEGIN IMMEDIATE, PostgreSQL's advisory lock. */
  private write<T>(work: (trx: Database, at: string) => Promise<T>): Promise<T> {
    return immediateTransaction(this.deps.db, this.deps.dialect, async (trx) => {
      await this.deps.repo.lock(trx);
      return work(trx, this.deps.clock().toISOString());
    });
  }

  private async get(id: number): Promise<Menu> {
    const menu = await this.deps.repo.getById(id);
    if (!menu) throw notFound(MENU_NOT_FOUND);
    return menu;
  }
}
