import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from './app-error.ts';

export type LimitRule = {
  /** Names the counter, so two rules never share keys. */
  name: string;
  max: number;
  windowMs: number;
  /** What is counted: the caller's address, the account tried, ...; null skips the rule. */
  key: (request: FastifyRequest) => string | null | undefined | Promise<string | null | undefined>;
};

const MINUTE = 60_000;

/**
 * The client network an address belongs to, for counting: an IPv4 address itself, an IPv6
 * address by its /64 (one subscriber gets a whole /64, so counting single addresses would not
 * slow anyone down). IPv4-mapped IPv6 addresses count as IPv4.
 */
export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = ip.split('%')[0]?.toLowerCase().split('::') ?? [];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g || '0', 16) || 0).toString(16))
    .join(':')}::/64`;
}

/** 429 with the wait in Retry-After. */
export const tooManyAttempts = (seconds: number) => {
  const wait = Math.max(1, Math.ceil(seconds));
  return new AppError(429, `Too many attempts. Please try again in ${wait} seconds.`, {
    code: 'too_many_requests',
    headers: { 'retry-after': String(wait) },
  });
};

/** At most `max` calls a minute from one client network (an IPv6 /64 counts as one client). */
export const perAddress = (name: string, max: number): LimitRule => ({
  name,
  max,
  windowMs: MINUTE,
  key: (r) => networkOf(r.ip),
});

/** At most `max` calls a minute about one account, whatever the address (guessing from many addresses). */
export const perAccount = (
  name: string,
  max: number,
  account: (r: FastifyRequest) => string | number | null | undefined | Promise<string | number | null | undefined>,
): LimitRule => ({
  name,
  max,
  windowMs: MINUTE,
  key: async (r) => {
    const value = await account(r);
    return value === null || value === undefined || value === '' ? null : String(value).toLowerCase();
  },
});

/** The body field a rule counts by, once validation has run. */
export const bodyField = (field: string) => (r: FastifyRequest) => {
  const value = (r.body as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value : null;
};

/**
 * A preHandler that counts the call under every rule (after validation, so account keys come
 * from the parsed body) and answers 429 with the wait once any rule is spent.
 */
export function rateLimited(app: FastifyInstance, rules: LimitRule[]): preHandlerAsyncHookHandler {
  // Keys may need a lookup, so each is worked out once and handed to the limiter through this map.
  const keys = new WeakMap<FastifyRequest, string>();
  const limiters = rules.map((rule) => ({
    rule,
    check: app.createRateLimit({
      max: rule.max,
      timeWindow: rule.windowMs,
      keyGenerator: (r) => `${rule.name}:${keys.get(r)}`,
    }),
  }));
  return async (request) => {
    for (const { rule, check } of limiters) {
      const key = await rule.key(request);
      if (key === null || key === undefined) continue;
      keys.set(request, key);
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) continue;
      throw tooManyAttempts(result.ttlInSeconds);
    }
  };
}
