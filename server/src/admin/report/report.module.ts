import { REPORT_CACHE_TTL_MS } from '@kosh/contracts';
import { systemClock, type Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { SettingsReader } from '../../settings/settings.service.ts';
import { TtlCache } from './report-cache.ts';
import { ReportRepository } from './report.repository.ts';
import { ReportService } from './report.service.ts';

/** Answers kept at once: a few ranges in a few zones, and the period-free snapshot. */
const CACHE_KEYS = 32;

/** The admin report (the /admin index screen). */
export function createReportModule(deps: { db: Database; settings: SettingsReader; clock?: Clock }) {
  const clock = deps.clock ?? systemClock;
  const report = new ReportRepository(deps.db);
  const cache = new TtlCache<unknown>({ ttlMs: REPORT_CACHE_TTL_MS, maxKeys: CACHE_KEYS, clock });
  return {
    repos: { report },
    /** Cleared by tests and the bench to time a cold answer. */
    cache,
    service: new ReportService({
      repo: report,
      clock,
      cache,
      billing: { isOn: async () => !!(await deps.settings.get<boolean>('billing.enable')), repo: report },
    }),
  };
}

export type ReportModule = ReturnType<typeof createReportModule>;
