import { Permission } from '@kosh/contracts';
import type { Actor } from '../auth/actor.ts';
import { validation } from '../http/app-error.ts';
import {
  ALL_SETTINGS,
  INTERNAL_SETTINGS,
  PUBLIC_SETTINGS,
  isKnownSetting,
  isPrivateSetting,
  settingTypeError,
} from './settings.defaults.ts';
import type { SettingsRepository } from './settings.repository.ts';

/** Settings as nested objects, a level per dot of their keys ('branding.site_name'). */
export type SettingsTree = { [key: string]: unknown };

const isTree = (value: unknown): value is SettingsTree => typeof value === 'object' && value !== null;

/** Sets `value` at a dotted path inside `target`. */
function setPath(target: SettingsTree, dotted: string, value: unknown): void {
  let node = target;
  for (const part of dotted.split('.').slice(0, -1)) {
    const child = node[part] ?? {};
    if (!isTree(child)) throw new Error(`Setting ${dotted} lies under ${part}, which holds a value`);
    node[part] = child;
    node = child;
  }
  node[dotted.slice(dotted.lastIndexOf('.') + 1)] = value;
}

export class SettingsService {
  private readonly repo: SettingsRepository;
  constructor(repo: SettingsRepository) {
    this.repo = repo;
  }

  /** The value of a key: stored, else its default. */
  async get<T = unknown>(key: string): Promise<T> {
    if (!isKnownSetting(key)) throw validation({ key: [`Unknown setting: ${key}`] });
    const stored = await this.repo.get(key);
    return (stored === undefined ? ALL_SETTINGS[key] : stored) as T;
  }

  async set(key: string, value: unknown): Promise<void> {
    if (!isKnownSetting(key)) throw validation({ key: [`Unknown setting: ${key}`] });
    const typeError = settingTypeError(key, value);
    if (typeError) throw validation({ value: [typeError] });
    await this.repo.set(key, value, isPrivateSetting(key));
  }

  /** Public settings as the nested object the client reads; private keys never appear. */
  async getPublicTree(): Promise<SettingsTree> {
    const stored = await this.repo.getAll();
    const tree: SettingsTree = {};
    for (const [key, def] of Object.entries(PUBLIC_SETTINGS))
      setPath(tree, key, stored.has(key) ? stored.get(key) : def);
    return tree;
  }

  /** Every setting an admin may edit, flat, with stored values over defaults. */
  async listForAdmin(actor: Actor): Promise<Record<string, unknown>> {
    actor.authorize(Permission.settingsUpdate);
    const stored = await this.repo.getAll();
    const out: Record<string, unknown> = {};
    for (const [key, def] of Object.entries(ALL_SETTINGS))
      if (!INTERNAL_SETTINGS.has(key)) out[key] = stored.has(key) ? stored.get(key) : def;
    return out;
  }

  /** Validates every pair first, so a bad one changes nothing. */
  async updateMany(actor: Actor, values: Record<string, unknown>): Promise<Record<string, unknown>> {
    actor.authorize(Permission.settingsUpdate);
    const errors: Record<string, string[]> = {};
    for (const [key, value] of Object.entries(values)) {
      if (!isKnownSetting(key) || INTERNAL_SETTINGS.has(key)) errors[key] = [`Unknown setting: ${key}`];
      else {
        const typeError = settingTypeError(key, value);
        if (typeError) errors[key] = [typeError];
      }
    }
    if (Object.keys(errors).length) throw validation(errors);
    for (const [key, value] of Object.entries(values)) await this.repo.set(key, value, isPrivateSetting(key));
    return this.listForAdmin(actor);
  }

  /** Puts a key back to its default. */
  async reset(actor: Actor, key: string): Promise<void> {
    actor.authorize(Permission.settingsUpdate);
    if (!isKnownSetting(key) || INTERNAL_SETTINGS.has(key)) throw validation({ key: [`Unknown setting: ${key}`] });
    await this.repo.set(key, ALL_SETTINGS[key], isPrivateSetting(key));
  }
}
