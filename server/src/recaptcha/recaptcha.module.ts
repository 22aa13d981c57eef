import type { Database } from '../db/database.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { HumanChecksRepository } from './human-checks.repository.ts';
import { SiteVerifyClient } from './recaptcha.client.ts';
import { RecaptchaService } from './recaptcha.service.ts';

/** The human check before registration and contact forms (Google's siteverify behind a client). */
export function createRecaptchaModule(deps: { db: Database; settings: SettingsService }) {
  const checks = new HumanChecksRepository(deps.db);
  return {
    repos: { humanChecks: checks },
    service: new RecaptchaService({ settings: deps.settings, checks, client: new SiteVerifyClient() }),
  };
}

export type RecaptchaModule = ReturnType<typeof createRecaptchaModule>;
