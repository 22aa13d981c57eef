import { APPEARANCE_SETTING_KEYS, type AppearanceSettings, Permission } from '@kosh/contracts';
import type { Actor } from '../../../auth/actor.ts';
import { validation } from '../../../http/app-error.ts';
import type { SettingsChangeSource, SettingsService } from '../../../settings/settings.service.ts';
import { type FaviconService, uploadedFaviconId } from '../images/favicon.service.ts';

const isAppearanceKey = (key: string) => (APPEARANCE_SETTING_KEYS as readonly string[]).includes(key);

/**
 * The settings the appearance editor writes (APPEARANCE_SETTING_KEYS) under appearance.update:
 * checked, saved and audited by SettingsService as PUT /settings is; an uploaded favicon gets its
 * sizes made before it is saved, so the pages that link them never point at nothing.
 */
export class AppearanceSettingsService {
  private readonly settings: SettingsService;
  private readonly favicons: FaviconService;
  constructor(deps: { settings: SettingsService; favicons: FaviconService }) {
    this.settings = deps.settings;
    this.favicons = deps.favicons;
  }

  /** The value of every appearance setting now. */
  async list(actor: Actor): Promise<AppearanceSettings> {
    actor.authorize(Permission.appearanceUpdate);
    return this.current();
  }

  /** Changes appearance settings all or nothing; 422 errors.<key> for a key the editor does not own. */
  async update(source: SettingsChangeSource, values: Record<string, unknown>): Promise<AppearanceSettings> {
    source.actor.authorize(Permission.appearanceUpdate);
    const foreign = Object.keys(values).filter((key) => !isAppearanceKey(key));
    if (foreign.length)
      throw validation(Object.fromEntries(foreign.map((key) => [key, ['Not an appearance setting.']])));
    const favicon = uploadedFaviconId(values['branding.favicon']);
    if (favicon) await this.favicons.generate(favicon);
    await this.settings.applyChanges(source, values, Permission.appearanceUpdate);
    return this.current();
  }

  private async current(): Promise<AppearanceSettings> {
    const values = await Promise.all(APPEARANCE_SETTING_KEYS.map((key) => this.settings.get(key)));
    return { settings: Object.fromEntries(APPEARANCE_SETTING_KEYS.map((key, i) => [key, values[i]])) };
  }
}
