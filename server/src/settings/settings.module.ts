import { KeyRing } from '../auth/key-ring.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { SettingsRepository } from './settings.repository.ts';
import { SettingsService } from './settings.service.ts';

/** Settings, and the keys derived from the install's app key (a setting the seed creates). */
export function createSettingsModule(deps: { db: Database; clock?: Clock }) {
  const repo = new SettingsRepository(deps.db);
  const service = new SettingsService(repo);
  return {
    repos: { settings: repo },
    service,
    keys: new KeyRing(async () => String((await repo.get('app.key')) ?? ''), deps.clock),
  };
}

export type SettingsModule = ReturnType<typeof createSettingsModule>;
