import { LINK_PASSWORD_ATTEMPTS } from '@kosh/contracts';
import { systemClock, type Clock } from '../clock.ts';
import { networkOf, tooManyAttempts } from '../http/rate-limits.ts';
import type { FailureCountersRepository } from './failure-counters.repository.ts';
import type { KnownNetworksRepository } from './known-networks.repository.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** How many failures one pathway allows. */
export type ThrottlePolicy = {
  /** Names the counters, so two pathways never share them. */
  name: string;
  /** Failures from one client network on one account (or link) before that pair waits out the window. */
  perNetwork: number;
  networkWindowMs: number;
  /**
   * Failures an hour and a day on one account from networks it never signed in from (ASVS: at most
   * 100 an hour). Networks that signed in to the account before are not held by these caps, so an
   * attacker spending them cannot lock the owner out from home. Absent: no account-wide cap.
   */
  perAccountHour?: number;
  perAccountDay?: number;
};

export const THROTTLES = {
  login: { name: 'login', perNetwork: 5, networkWindowMs: 15 * MINUTE, perAccountHour: 100, perAccountDay: 500 },
  twoFactor: { name: '2fa', perNetwork: 5, networkWindowMs: 15 * MINUTE, perAccountHour: 100, perAccountDay: 500 },
  confirmPassword: {
    name: 'confirm-password',
    perNetwork: 5,
    networkWindowMs: 15 * MINUTE,
    perAccountHour: 100,
    perAccountDay: 500,
  },
  /** The password that links a social sign-in to an existing account. */
  socialConnect: {
    name: 'social-connect',
    perNetwork: 5,
    networkWindowMs: 15 * MINUTE,
    perAccountHour: 100,
    perAccountDay: 500,
  },
  /** Every reset request counts (each mails the owner): few per network, a small cap per account. */
  passwordReset: { name: 'reset', perNetwork: 3, networkWindowMs: 15 * MINUTE, perAccountHour: 10, perAccountDay: 30 },
  /**
   * Link passwords: per link and network only. A cap per link would let anyone lock a link for
   * every visitor; guessing is bounded by the 8-character minimum and the per-network limits.
   */
  linkPassword: {
    name: 'link-password',
    perNetwork: LINK_PASSWORD_ATTEMPTS.perLinkAndNetwork,
    networkWindowMs: 15 * MINUTE,
  },
  /** Unknown link hashes asked for by one network (probing for links). */
  linkProbe: { name: 'link-probe', perNetwork: 30, networkWindowMs: 15 * MINUTE },
} as const satisfies Record<string, ThrottlePolicy>;

/** One counted attempt: say how it went. */
export type ThrottledAttempt = {
  /** The attempt was right: it stops counting against the account, and the network's failures are forgiven. */
  succeeded(): Promise<void>;
};

/**
 * Counts failed attempts per (account, client network) and per account, in the database so
 * every process shares them. An attempt is counted before it is checked (parallel guesses cannot
 * slip past the count) and taken back when it was right. Refusals are 429 with Retry-After.
 */
export class FailureThrottle {
  private readonly counters: FailureCountersRepository;
  private readonly known: KnownNetworksRepository;
  private readonly clock: Clock;
  constructor(deps: { counters: FailureCountersRepository; known: KnownNetworksRepository; clock?: Clock }) {
    this.counters = deps.counters;
    this.known = deps.known;
    this.clock = deps.clock ?? systemClock;
  }

  /**
   * Counts an attempt on `account` (a user id, an address, a link) from `ip`; throws 429 once
   * this network, or (for networks the user never signed in from) the account, is spent.
   * `userId` names the account's user, when there is one, to recognise the owner's networks.
   */
  async attempt(
    policy: ThrottlePolicy,
    subject: { account: string; ip: string; userId?: number | null },
  ): Promise<ThrottledAttempt> {
    const now = this.clock().getTime();
    const network = networkOf(subject.ip);
    const pairKey = `${policy.name}:pair:${subject.account}:${network}`;
    const pair = await this.counters.hit(pairKey, policy.networkWindowMs, now);
    if (pair.hits > policy.perNetwork) throw tooManyAttempts((pair.resetAt - now) / 1000);
    const accountKeys: string[] = [];
    // Looked up for unknown addresses too (user 0), so the time taken tells nothing.
    const isOwnersNetwork =
      subject.userId === undefined || subject.userId === null ? false : await this.known.has(subject.userId, network);
    if (!isOwnersNetwork) {
      const caps: Array<[string, number | undefined, number]> = [
        ['hour', policy.perAccountHour, HOUR],
        ['day', policy.perAccountDay, 24 * HOUR],
      ];
      for (const [span, max, windowMs] of caps) {
        if (max === undefined) continue;
        const key = `${policy.name}:${span}:${subject.account}`;
        const count = await this.counters.hit(key, windowMs, now);
        accountKeys.push(key);
        if (count.hits > max) throw tooManyAttempts((count.resetAt - now) / 1000);
      }
    }
    return {
      succeeded: async () => {
        await this.counters.remove(pairKey);
        for (const key of accountKeys) await this.counters.unhit(key, now);
      },
    };
  }

  /** Counts a miss of this network (no success takes it back), e.g. an unknown link hash. */
  async miss(policy: ThrottlePolicy, ip: string): Promise<void> {
    await this.counters.hit(`${policy.name}:${networkOf(ip)}`, policy.networkWindowMs, this.clock().getTime());
  }

  /** Throws 429 when this network has already spent its misses (before doing the work). */
  async refuseSpent(policy: ThrottlePolicy, ip: string): Promise<void> {
    const wait = await this.spentFor(policy, ip);
    if (wait !== null) throw tooManyAttempts(wait);
  }

  /** Seconds until this network may miss again, or null while it has misses left. */
  async spentFor(policy: ThrottlePolicy, ip: string): Promise<number | null> {
    const now = this.clock().getTime();
    const count = await this.counters.read(`${policy.name}:${networkOf(ip)}`, now);
    return count && count.hits >= policy.perNetwork ? (count.resetAt - now) / 1000 : null;
  }

  /** Records a successful sign-in: the network becomes the owner's. */
  rememberNetwork(userId: number, ip: string): Promise<void> {
    return this.known.remember(userId, networkOf(ip), this.clock().toISOString());
  }
}
