import { Permission, type SaveThemeBody, type Theme } from '@kosh/contracts';
import type { Clock } from '../../../clock.ts';
import type { Database, Dialect } from '../../../db/database.ts';
import { immediateTransaction } from '../../../drive/owner-transaction.ts';
import { notFound, validation } from '../../../http/app-error.ts';
import type { AuditService, AuditSource } from '../../audit/audit.service.ts';
import type { DefaultFlag, ThemeFields, ThemesAdminRepository } from './themes-admin.repository.ts';

type Deps = { db: Database; dialect: Dialect; repo: ThemesAdminRepository; audit: AuditService; clock: Clock };

export const THEME_NOT_FOUND = 'There is no such theme.';
export const DEFAULT_LIGHT_NOT_LIGHT = 'The default light theme must be a light theme.';
export const DEFAULT_DARK_NOT_DARK = 'The default dark theme must be a dark theme.';
export const DEFAULT_LIGHT_KEPT = 'Make another theme the default light theme first.';
export const DEFAULT_DARK_KEPT = 'Make another theme the default dark theme first.';
export const LAST_LIGHT_THEME = 'Kosh needs at least one light theme.';
export const LAST_DARK_THEME = 'Kosh needs at least one dark theme.';
const NAME_MAX = 100;

const fields = (theme: Theme): ThemeFields => ({
  name: theme.name,
  is_dark: theme.is_dark,
  default_light: theme.default_light,
  default_dark: theme.default_dark,
  values: theme.values,
});
const FLAGS: DefaultFlag[] = ['default_light', 'default_dark'];

/**
 * Why a theme cannot be saved as given, as an `errors` map (empty when it can): a default light
 * theme is light and a default dark one dark; the current default keeps its flag until another
 * theme takes it; the last light (or dark) theme keeps its darkness.
 */
export function themeProblems(body: SaveThemeBody, before: Theme | null, all: Theme[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (body.default_light && body.is_dark) errors.default_light = [DEFAULT_LIGHT_NOT_LIGHT];
  if (body.default_dark && !body.is_dark) errors.default_dark = [DEFAULT_DARK_NOT_DARK];
  if (before?.default_light && !body.default_light) errors.default_light = [DEFAULT_LIGHT_KEPT];
  if (before?.default_dark && !body.default_dark) errors.default_dark = [DEFAULT_DARK_KEPT];
  if (before && before.is_dark !== body.is_dark && !all.some((t) => t.id !== before.id && t.is_dark === before.is_dark))
    errors.is_dark = [before.is_dark ? LAST_DARK_THEME : LAST_LIGHT_THEME];
  return errors;
}

/**
 * The appearance editor's themes (permission appearance.update, checked here). There is always
 * one default light theme (light) and one default dark theme (dark), and at least one theme of
 * each darkness: every change runs alone (an immediate transaction and, on PostgreSQL, an
 * advisory lock), checks over all themes, and writes its audit row in the same transaction.
 */
export class ThemesAdminService {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  async list(source: AuditSource): Promise<{ themes: Theme[] }> {
    source.actor.authorize(Permission.appearanceUpdate);
    return { themes: await this.deps.repo.listAll() };
  }

  /** A new theme; when it is made a default, the previous default loses the flag. */
  async create(source: AuditSource, body: SaveThemeBody): Promise<Theme> {
    source.actor.authorize(Permission.appearanceUpdate);
    const id = await this.write(async (trx, at) => {
      const problems = themeProblems(body, null, await this.deps.repo.listAll(trx));
      if (Object.keys(problems).length) throw validation(problems);
      const id = await this.deps.repo.create(body, at, trx);
      await this.takeFlags(body, id, at, trx);
      await this.audit(source, 'theme.create', id, body.name, null, body, trx);
      return id;
    });
    return this.get(id);
  }

  /** Saves a theme: name, darkness, default flags and token values. */
  async update(source: AuditSource, id: number, body: SaveThemeBody): Promise<Theme> {
    source.actor.authorize(Permission.appearanceUpdate);
    await this.write(async (trx, at) => {
      const all = await this.deps.repo.listAll(trx);
      const before = all.find((t) => t.id === id);
      if (!before) throw notFound(THEME_NOT_FOUND);
      const problems = themeProblems(body, before, all);
      if (Object.keys(problems).length) throw validation(problems);
      await this.deps.repo.update(id, body, at, trx);
      await this.takeFlags(body, id, at, trx);
      await this.audit(source, 'theme.update', id, body.name, fields(before), body, trx);
    });
    return this.get(id);
  }

  /** A copy of a theme named "Copy of <name>", default for neither mode. */
  async duplicate(source: AuditSource, id: number): Promise<Theme> {
    source.actor.authorize(Permission.appearanceUpdate);
    const copyId = await this.write(async (trx, at) => {
      const from = await this.deps.repo.getById(id, trx);
      if (!from) throw notFound(THEME_NOT_FOUND);
      const copy: ThemeFields = {
        ...fields(from),
        name: `Copy of ${from.name}`.slice(0, NAME_MAX),
        default_light: false,
        default_dark: false,
      };
      const copyId = await this.deps.repo.create(copy, at, trx);
      await this.audit(source, 'theme.create', copyId, copy.name, null, { ...copy, duplicate_of: id }, trx);
      return copyId;
    });
    return this.get(copyId);
  }

  /**
   * Deletes a theme, unless it is the last light or the last dark one (422 errors.theme). A
   * default's flag moves to the oldest remaining theme of the same darkness.
   */
  async delete(source: AuditSource, id: number): Promise<void> {
    source.actor.authorize(Permission.appearanceUpdate);
    await this.write(async (trx, at) => {
      const all = await this.deps.repo.listAll(trx);
      const theme = all.find((t) => t.id === id);
      if (!theme) throw notFound(THEME_NOT_FOUND);
      const heir = all.find((t) => t.id !== id && t.is_dark === theme.is_dark);
      if (!heir) throw validation({ theme: [theme.is_dark ? LAST_DARK_THEME : LAST_LIGHT_THEME] });
      await this.deps.repo.delete(id, trx);
      const moved = FLAGS.filter((flag) => theme[flag]);
      for (const flag of moved) await this.deps.repo.setFlag(flag, heir.id, at, trx);
      const after = moved.length ? Object.fromEntries(moved.map((f) => [`${f}_moved_to`, heir.id])) : null;
      await this.audit(source, 'theme.delete', id, theme.name, fields(theme), after, trx);
    });
  }

  /** The flags the saved theme holds are taken off every other theme. */
  private async takeFlags(theme: ThemeFields, id: number, at: string, trx: Database): Promise<void> {
    for (const flag of FLAGS) if (theme[flag]) await this.deps.repo.clearFlag(flag, id, at, trx);
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
      { action, targetType: 'theme', targetId: id, targetLabel: name, before, after },
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

  private async get(id: number): Promise<Theme> {
    const theme = await this.deps.repo.getById(id);
    if (!theme) throw notFound(THEME_NOT_FOUND);
    return theme;
  }
}
