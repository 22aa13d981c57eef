import type { Clock } from '../../clock.ts';

type Entry<T> = { value: Promise<T>; expiresAt: number };

/**
 * A small in-process cache of answers being made or made: callers asking for one key while it is
 * made share the work; a failed one is forgotten at once. The oldest key goes past `maxKeys`.
 * Each process keeps its own: figures may differ between processes for at most `ttlMs`.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly ttlMs: number;
  private readonly maxKeys: number;
  private readonly clock: Clock;

  constructor(options: { ttlMs: number; maxKeys: number; clock: Clock }) {
    this.ttlMs = options.ttlMs;
    this.maxKeys = options.maxKeys;
    this.clock = options.clock;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached value of `key` while fresh, else what `make` answers (kept for the TTL). */
  getOrMake(key: string, make: () => Promise<T>): Promise<T> {
    const now = this.clock().getTime();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    this.entries.delete(key);
    const value = make();
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxKeys) break;
      this.entries.delete(oldest);
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
