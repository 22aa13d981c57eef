import { Permission, type Caches } from '@kosh/contracts';
import { systemClock, type Clock } from '../../clock.ts';
import type { SettingsRepository } from '../../settings/settings.repository.ts';
import type { AuditService, AuditSource } from '../audit/audit.service.ts';

/** A cache a process keeps in memory, described for the admin area's cache tab. */
export type RegisteredCache = {
  id: string;
  name: string;
  description: string;
  ttlMs: number;
  size(): number;
  clear(): void;
};

/** Where the last 'Clear caches' is recorded, for the other processes to follow. */
const CLEARED_SETTING = 'cache.cleared_at';
const SYNC_MS = 15_000;

/**
 * The in-memory caches of this process. 'Clear caches' empties them here at once and records the
 * moment in the settings table; every other process reads it every 15 seconds and clears its own.
 */
export class CacheRegistry {
  private readonly caches: RegisteredCache[];
  private readonly deps: { settings: SettingsRepository; audit: AuditService; clock?: Clock };
  private seen: string | null | undefined;
  private timer: NodeJS.Timeout | null = null;
  constructor(caches: RegisteredCache[], deps: CacheRegistry['deps']) {
    this.caches = caches;
    this.deps = deps;
  }

  async list(source: AuditSource): Promise<Caches> {
    source.actor.authorize(Permission.settingsUpdate);
    return {
      caches: this.caches.map((c) => ({
        id: c.id,
        name: c.name,
        description: c.description,
        ttl_seconds: Math.round(c.ttlMs / 1000),
        entries: c.size(),
      })),
      cleared_at: await this.clearedAt(),
    };
  }

  async clear(source: AuditSource): Promise<Caches> {
    source.actor.authorize(Permission.settingsUpdate);
    const at = (this.deps.clock ?? systemClock)().toISOString();
    const before = Object.fromEntries(this.caches.map((c) => [c.id, c.size()]));
    this.clearHere();
    await this.deps.settings.set(CLEARED_SETTING, at, true);
    this.seen = at;
    await this.deps.audit.record(source, {
      action: 'cache.clear',
      targetType: 'cache',
      targetLabel: 'all caches',
      before,
      after: Object.fromEntries(this.caches.map((c) => [c.id, 0])),
    });
    return this.list(source);
  }

  /** Clears this process's caches when another process recorded a newer clear. */
  async sync(): Promise<void> {
    const at = await this.clearedAt();
    if (this.seen !== undefined && at !== this.seen) this.clearHere();
    this.seen = at;
  }

  async start(): Promise<void> {
    await this.sync();
    this.timer = setInterval(() => void this.sync().catch(() => undefined), SYNC_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private clearHere(): void {
    for (const cache of this.caches) cache.clear();
  }

  private async clearedAt(): Promise<string | null> {
    const value = await this.deps.settings.get(CLEARED_SETTING);
    return typeof value === 'string' ? value : null;
  }
}
