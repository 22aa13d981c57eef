import Stripe from 'stripe';
import type { SettingsReader } from '../../settings/settings.service.ts';

/** Stripe's secret key and webhook secret as configured now (settings, or STRIPE_* in the environment). */
type StripeKeys = { secretKey: string; webhookSecret: string };

/** The SDK's host, port and protocol for another API address than Stripe's own (STRIPE_API_URL). */
export function stripeAddressOptions(
  apiUrl: string | undefined,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

/**
 * Kosh's one door to Stripe, through the official SDK. The keys are read at each call (an admin
 * may change them at any time); one client per key is kept.
 */
export class StripeGateway {
  private readonly settings: SettingsReader;
  private readonly apiUrl: string | undefined;
  private cached: { key: string; client: Stripe } | undefined;
  constructor(deps: { settings: SettingsReader; apiUrl: string | undefined }) {
    this.settings = deps.settings;
    this.apiUrl = deps.apiUrl;
  }

  /** Stripe takes payments only with both a secret key and the webhook's signing secret. */
  async isConfigured(): Promise<boolean> {
    const keys = await this.keys();
    return keys.secretKey !== '' && keys.webhookSecret !== '';
  }

  /** The SDK client for the configured key. */
  async client(): Promise<Stripe> {
    const { secretKey } = await this.keys();
    if (this.cached?.key !== secretKey) {
      this.cached = {
        key: secretKey,
        client: new Stripe(secretKey, { ...stripeAddressOptions(this.apiUrl), maxNetworkRetries: 2, timeout: 20_000 }),
      };
    }
    return this.cached.client;
  }

  /**
   * The event a webhook delivered, checked against its signature header with the SDK's default
   * tolerance (5 minutes); throws when forged, stale or not configured.
   */
  async verifyEvent(rawBody: string, signature: string): Promise<Stripe.Event> {
    const { webhookSecret } = await this.keys();
    if (!webhookSecret) throw new Error('No webhook secret is configured.');
    return (await this.client()).webhooks.constructEvent(rawBody, signature, webhookSecret);
  }

  private async keys(): Promise<StripeKeys> {
    const [secretKey, webhookSecret] = await Promise.all([
      this.settings.get<string>('billing.stripe.secret_key'),
      this.settings.get<string>('billing.stripe.webhook_secret'),
    ]);
    return { secretKey: secretKey ?? '', webhookSecret: webhookSecret ?? '' };
  }
}
