import { SubscriptionsController } from '@paypal/paypal-server-sdk';
import type { Clock } from '../../clock.ts';
import type { SettingsReader } from '../../settings/settings.service.ts';
import { type PayPalCredentials, PayPalClient, type PayPalMode } from './paypal-client.ts';

/** How old a webhook's transmission may be before it is refused as stale (as Stripe's tolerance). */
export const PAYPAL_WEBHOOK_TOLERANCE_MS = 5 * 60_000;

/** The headers PayPal signs each webhook delivery with. */
export type PayPalWebhookHeaders = {
  'paypal-auth-algo'?: string;
  'paypal-cert-url'?: string;
  'paypal-transmission-id'?: string;
  'paypal-transmission-sig'?: string;
  'paypal-transmission-time'?: string;
};

/** A webhook event as PayPal sends it (the part Kosh reads). */
export type PayPalEvent = {
  id: string;
  event_type: string;
  resource_type?: string;
  resource: Record<string, unknown>;
};

type PayPalKeys = PayPalCredentials & { webhookId: string };

/**
 * Kosh's one door to PayPal: the official SDK's Subscriptions API, and its REST API for what the
 * SDK lacks. The keys are read at each call (an admin may change them); one client per key is kept.
 */
export class PayPalGateway {
  private readonly settings: SettingsReader;
  private readonly apiUrl: string | undefined;
  private readonly clock: Clock;
  private cached: { key: string; client: PayPalClient } | undefined;
  constructor(deps: { settings: SettingsReader; apiUrl: string | undefined; clock: Clock }) {
    this.settings = deps.settings;
    this.apiUrl = deps.apiUrl;
    this.clock = deps.clock;
  }

  /** PayPal takes payments only with its client id, secret and the webhook's id all set. */
  async isConfigured(): Promise<boolean> {
    const keys = await this.keys();
    return keys.clientId !== '' && keys.clientSecret !== '' && keys.webhookId !== '';
  }

  async client(): Promise<PayPalClient> {
    const keys = await this.keys();
    const key = `${keys.mode}:${keys.clientId}:${keys.clientSecret}`;
    if (this.cached?.key !== key) this.cached = { key, client: new PayPalClient(keys, this.apiUrl) };
    return this.cached.client;
  }

  async subscriptions(): Promise<SubscriptionsController> {
    return new SubscriptionsController((await this.client()).sdk);
  }

  /**
   * The event a webhook delivered, after PayPal's verify-webhook-signature call confirms it was
   * sent to this site's webhook; throws when forged, stale or not configured.
   */
  async verifyEvent(rawBody: string, headers: PayPalWebhookHeaders): Promise<PayPalEvent> {
    const { webhookId } = await this.keys();
    if (!webhookId) throw new Error('No PayPal webhook id is configured.');
    const sent = Date.parse(headers['paypal-transmission-time'] ?? '');
    if (!Number.isFinite(sent) || Math.abs(this.clock().getTime() - sent) > PAYPAL_WEBHOOK_TOLERANCE_MS)
      throw new Error('The webhook was sent too long ago.');
    const event = JSON.parse(rawBody) as PayPalEvent;
    if (typeof event?.id !== 'string' || typeof event.event_type !== 'string') throw new Error('Not a PayPal event.');
    const { verification_status } = await (await this.client()).request<{ verification_status: string }>(
      'POST',
      '/v1/notifications/verify-webhook-signature',
      {
        auth_algo: headers['paypal-auth-algo'],
        cert_url: headers['paypal-cert-url'],
        transmission_id: headers['paypal-transmission-id'],
        transmission_sig: headers['paypal-transmission-sig'],
        transmission_time: headers['paypal-transmission-time'],
        webhook_id: webhookId,
        webhook_event: event,
      },
    );
    if (verification_status !== 'SUCCESS') throw new Error('PayPal did not verify the webhook signature.');
    return event;
  }

  private async keys(): Promise<PayPalKeys> {
    const [clientId, clientSecret, webhookId, mode] = await Promise.all([
      this.settings.get<string>('billing.paypal.client_id'),
      this.settings.get<string>('billing.paypal.client_secret'),
      this.settings.get<string>('billing.paypal.webhook_id'),
      this.settings.get<string>('billing.paypal.mode'),
    ]);
    return {
      clientId: clientId ?? '',
      clientSecret: clientSecret ?? '',
      webhookId: webhookId ?? '',
      mode: (mode === 'live' ? 'live' : 'sandbox') satisfies PayPalMode,
    };
  }
}
