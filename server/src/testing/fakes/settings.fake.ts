import { ALL_SETTINGS, isKnownSetting } from '../../settings/settings.defaults.ts';
import type { SettingsService } from '../../settings/settings.service.ts';

/** Settings over a map: a value set by the test, else the default; unknown keys throw as the real ones do. */
export class FakeSettings implements Pick<SettingsService, 'get'> {
  readonly values = new Map<string, unknown>();
  constructor(values: Record<string, unknown> = {}) {
    for (const [key, value] of Object.entries(values)) this.set(key, value);
  }

  set(key: string, value: unknown): void {
    if (!isKnownSetting(key)) throw new Error(`Unknown setting: ${key}`);
    this.values.set(key, value);
  }

  async get<T = unknown>(key: string): Promise<T> {
    if (!isKnownSetting(key)) throw new Error(`Unknown setting: ${key}`);
    return (this.values.has(key) ? this.values.get(key) : ALL_SETTINGS[key]) as T;
  }
}
