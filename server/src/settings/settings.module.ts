import { KeyRing } from '../auth/key-ring.ts';
import type { Clock } from '../clock.ts';
import type { SecretKeys } from '../auth/key-ring.ts';
import type { Database } from '../db/database.ts';
import { SettingsRepository } from './settings.repository.ts';
import { type ServerStatus, SettingsService } from './settings.service.ts';

/** Settings, and the keys derived from the install's secret key (kept outside the database). */
export function createSettingsModule(deps: {
  db: Database;
  secrets: () => SecretKeys;
  clock?: Clock;
  /** Settings environment variables hold (config.settingOverrides). */
  overrides?: Record<string, unknown>;
  status?: ServerStatus;
  /** STRIPE_API_URL, where the live check of Stripe's keys asks. */
  stripeApiUrl?: string;
  /** PAYPAL_API_URL, where the live check of PayPal's client asks. */
  paypalApiUrl?: string;
}) {
  const repo = new SettingsRepository(deps.db);
  // The former in-database app.key only opens values it encrypted, until they are re-encrypted.
  const keys = new KeyRing(
    async () => ({ ...deps.secrets(), legacy: String((await repo.get('app.key')) ?? '') }),
    deps.clock,
  );
  const service = new SettingsService({
    repo,
    keys,
    overrides: deps.overrides,
    status: deps.status,
    stripeApiUrl: deps.stripeApiUrl,
    paypalApiUrl: deps.paypalApiUrl,
  });
  return { repos: { settings: repo }, service, keys };
}

export type SettingsModule = ReturnType<typeof createSettingsModule>;
