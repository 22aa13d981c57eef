import { APPEARANCE_SETTING_KEYS } from '@kosh/contracts';
import type { SettingsReader } from '../../../settings/settings.service.ts';

/**
 * Whether an appearance setting (a logo, the favicon, an image of the landing page) names the
 * uploaded image `name`: the page images sweep keeps those, as it keeps images a page shows.
 */
export async function appearanceShows(settings: SettingsReader, name: string): Promise<boolean> {
  const values = await Promise.all(APPEARANCE_SETTING_KEYS.map((key) => settings.get(key)));
  return values.some((value) => (typeof value === 'string' ? value : JSON.stringify(value)).includes(name));
}
