import type { SettingsService } from '../../../settings/settings.service.ts';
import type { StorageDriver } from '../../../storage/storage-driver.ts';
import { FaviconService } from '../images/favicon.service.ts';
import { AppearanceSettingsService } from './appearance-settings.service.ts';

/** The appearance editor's settings and the favicon sizes made from an uploaded favicon. */
export function createAppearanceSettingsModule(deps: { settings: SettingsService; storage: StorageDriver }) {
  const favicons = new FaviconService({ storage: deps.storage });
  return { service: new AppearanceSettingsService({ settings: deps.settings, favicons }), favicons };
}

export type AppearanceSettingsModule = ReturnType<typeof createAppearanceSettingsModule>;
