import http from 'node:http';
import https from 'node:https';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import webPush from 'web-push';
import type { Logger } from 'pino';
import { isPublicAddress } from '../net/address-guard.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import type { PushSubscriptionRow } from './subscriptions.repository.ts';

/** The settings row holding the VAPID key pair (private: never sent to a client). */
export const VAPID_SETTING = 'notifications.vapid_keys';
const TTL_SECONDS = 24 * 3600;
const TIMEOUT_MS = 10_000;

type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The server's VAPID key pair: generated on the first start and kept in the settings table, so
 * browser subscriptions survive restarts. Two processes starting at once agree on the first stored.
 */
export class VapidKeyStore {
  private readonly settings: SettingsRepository;
  private keys: VapidKeys | null = null;
  constructor(settings: SettingsRepository) {
    this.settings = settings;
  }

  async get(): Promise<VapidKeys> {
    if (this.keys) return this.keys;
    let stored = (await this.settings.get(VAPID_SETTING)) as VapidKeys | undefined;
    if (!stored?.publicKey || !stored.privateKey) {
      await this.settings.insertMissing([{ key: VAPID_SETTING, value: webPush.generateVAPIDKeys(), isPrivate: true }]);
      stored = (await this.settings.get(VAPID_SETTING)) as VapidKeys;
    }
    this.keys = { publicKey: stored.publicKey, privateKey: stored.privateKey };
    return this.keys;
  }

  async publicKey(): Promise<string> {
    return (await this.get()).publicKey;
  }
}

/** Why an endpoint is refused, or null when the server may send to it. */
export function endpointProblem(endpoint: string, allowedHosts: string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The push endpoint is not a valid URL.';
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (allowedHosts.includes(host))
    return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'The push endpoint must be an https address.';
  if (url.protocol !== 'https:') return 'The push endpoint must be an https address.';
  if (url.username || url.password) return 'The push endpoint is not a valid URL.';
  if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) && !isPublicAddress(host)))
    return 'The push endpoint must be a public address.';
  return null;
}

export type PushOutcome = 'sent' | 'gone' | 'failed';

/**
 * Sends Web Push messages: the `web-push` library encrypts the payload (aes128gcm, RFC 8291)
 * and signs the VAPID header; the request itself goes through here so the endpoint (user
 * input) is checked like any server-side fetch: https only, every resolved address public and
 * the connection pinned to the address checked. Hosts in WEB_PUSH_ALLOWED_HOSTS are exempt (tests).
 */
export class PushSender {
  private readonly keys: VapidKeyStore;
  private readonly subject: string;
  private readonly allowedHosts: string[];
  private readonly logger: Logger;
  private readonly resolve: (host: string) => Promise<Array<{ address: string; family: number }>>;

  constructor(deps: {
    keys: VapidKeyStore;
    subject: string;
    allowedHosts: string[];
    logger: Logger;
    resolve?: (host: string) => Promise<Array<{ address: string; family: number }>>;
  }) {
    this.keys = deps.keys;
    this.subject = deps.subject;
    this.allowedHosts = deps.allowedHosts;
    this.logger = deps.logger;
    this.resolve = deps.resolve ?? ((host) => dnsLookup(host, { all: true, verbatim: true }));
  }

  async send(sub: PushSubscriptionRow, payload: string): Promise<PushOutcome> {
    const problem = endpointProblem(sub.endpoint, this.allowedHosts);
    if (problem) return 'gone';
    const vapid = await this.keys.get();
    const details = webPush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      payload,
      {
        vapidDetails: { subject: this.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      },
    );
    try {
      const status = await this.post(
        new URL(details.endpoint),
        details.headers as Record<string, string | number>,
        details.body as Buffer | null,
      );
      if (status === 404 || status === 410) return 'gone';
      if (status < 200 || status > 299) {
        this.logger.warn({ status, subscriptionId: sub.id }, 'push service refused a message');
        return 'failed';
      }
      return 'sent';
    } catch (err) {
      this.logger.warn({ err, subscriptionId: sub.id }, 'could not reach a push service');
      return 'failed';
    }
  }

  private async post(url: URL, headers: Record<string, string | number>, body: Buffer | null): Promise<number> {
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const isExempt = this.allowedHosts.includes(host);
    const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await this.resolve(host);
    if (!addresses.length) throw new Error('push endpoint did not resolve');
    if (!isExempt && addresses.some((a) => !isPublicAddress(a.address)))
      throw new Error('push endpoint resolves to an internal address');
    const pinned = addresses[0];
    const lookup: LookupFunction = (_host, options, callback) => {
      // Asked for all addresses (options.all), the answer is a list: the one pinned address.
      if (options.all) callback(null, [pinned]);
      else callback(null, pinned.address, pinned.family);
    };
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = client.request(url, { method: 'POST', headers, lookup, agent: false, timeout: TIMEOUT_MS }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error('push service timed out')));
      req.on('error', reject);
      req.end(body ?? undefined);
    });
  }
}
