import Stripe from 'stripe';
import { newId } from './stripe-objects.ts';

export type DeliverFn = (payload: string, headers: Record<string, string>) => Promise<number>;

export type SentEvent = {
  id: string;
  type: string;
  payload: string;
  signature: string;
  /** HTTP status of the last delivery; 0 when it failed without an answer; absent when nowhere to send. */
  status?: number;
  /** Every delivery's status, resends included. */
  deliveries: number[];
};

export type WebhookSenderOptions = {
  webhookSecret: string;
  deliver?: DeliverFn;
  webhookUrl?: string;
  /** Unix seconds for `created`: the stand-in's (possibly fake) clock. */
  now: () => number;
  /** Unix seconds for the signature: wall time by default, since the receiver checks it against its own. */
  signatureNow: () => number;
};

/**
 * Builds, signs, keeps and delivers events one at a time, as Stripe's snapshot events: `data.object`
 * is a copy of the object when the event happened. A delivery failure is recorded, never thrown.
 */
export class WebhookSender {
  readonly events: SentEvent[] = [];

  private readonly options: WebhookSenderOptions;

  constructor(options: WebhookSenderOptions) {
    this.options = options;
  }

  sign(payload: string, timestamp?: number): string {
    return Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: this.options.webhookSecret,
      timestamp: timestamp ?? this.options.signatureNow(),
    });
  }

  async emit(type: string, object: object, previousAttributes?: Record<string, unknown>): Promise<SentEvent> {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: this.options.now(),
      data: previousAttributes
        ? { object: structuredClone(object), previous_attributes: structuredClone(previousAttributes) }
        : { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    // Pretty-printed like Stripe's: the receiver must verify the raw bytes, not a re-serialisation.
    const payload = JSON.stringify(event, null, 2);
    const sent: SentEvent = { id: event.id, type, payload, signature: this.sign(payload), deliveries: [] };
    this.events.push(sent);
    await this.deliver(sent, sent.signature);
    return sent;
  }

  /** Delivers a kept event again, optionally with another signature or one made at another time. */
  async resend(eventId: string, opts: { signature?: string; timestamp?: number } = {}): Promise<number> {
    const sent = this.events.find((event) => event.id === eventId);
    if (!sent) throw new Error(`no event ${eventId}`);
    const signature = opts.signature ?? this.sign(sent.payload, opts.timestamp);
    return (await this.deliver(sent, signature)) ?? 0;
  }

  private async deliver(sent: SentEvent, signature: string): Promise<number | undefined> {
    const { deliver, webhookUrl } = this.options;
    if (!deliver && !webhookUrl) return undefined;
    const headers = { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature };
    let status = 0;
    try {
      if (deliver) status = await deliver(sent.payload, headers);
      else if (webhookUrl) {
        const response = await fetch(webhookUrl, { method: 'POST', headers, body: sent.payload });
        await response.arrayBuffer();
        status = response.status;
      }
    } catch {
      status = 0;
    }
    sent.status = status;
    sent.deliveries.push(status);
    return status;
  }
}
