import { randomUUID } from 'node:crypto';
import { isoTime, newId } from './paypal-objects.ts';
import type { WebhookSigner } from './webhook-signature.ts';

export type DeliverFn = (payload: string, headers: Record<string, string>) => Promise<number>;

export type SentEvent = {
  id: string;
  type: string;
  payload: string;
  /** The headers of the first delivery, signature included. */
  headers: Record<string, string>;
  /** HTTP status of the last delivery; 0 when it failed without an answer; absent when nowhere to send. */
  status?: number;
  /** Every delivery's status, resends included. */
  deliveries: number[];
};

export type WebhookSenderOptions = {
  signer: WebhookSigner;
  deliver?: DeliverFn;
  webhookUrl?: string;
  /** `create_time` of events: the stand-in's (possibly fake) clock, as PayPal writes times. */
  now: () => string;
  /** Time of the transmission: wall time by default, since the receiver checks it against its own. */
  signatureNow: () => Date;
  certUrl: () => string;
};

/**
 * Builds, signs, keeps and delivers PayPal webhook events one at a time; the resource is a copy of the
 * object when the event happened. A delivery failure is recorded, never thrown.
 */
export class WebhookSender {
  readonly events: SentEvent[] = [];

  private readonly options: WebhookSenderOptions;

  constructor(options: WebhookSenderOptions) {
    this.options = options;
  }

  /** The PAYPAL-* headers PayPal sends with `body`, signed for a transmission at `transmissionTime`. */
  headersFor(body: string, transmissionTime?: Date): Record<string, string> {
    const id = randomUUID();
    const time = isoTime(transmissionTime ?? this.options.signatureNow());
    return {
      'content-type': 'application/json',
      'paypal-transmission-id': id,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': this.options.signer.sign(id, time, body),
      'paypal-cert-url': this.options.certUrl(),
      'paypal-auth-algo': 'SHA256withRSA',
    };
  }

  async emit(type: string, resourceType: 'subscription' | 'sale', summary: string, resource: object) {
    const event = {
      id: newId('WH-', 25),
      event_version: '1.0',
      create_time: this.options.now(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: type,
      summary,
      resource: structuredClone(resource),
      links: [],
    };
    const payload = JSON.stringify(event);
    const sent: SentEvent = { id: event.id, type, payload, headers: this.headersFor(payload), deliveries: [] };
    this.events.push(sent);
    await this.deliver(sent, sent.headers);
    return sent;
  }

  /** Delivers a kept event again, signed anew (optionally for another time) or with a given signature. */
  async resend(eventId: string, opts: { transmissionTime?: Date; signature?: string } = {}): Promise<number> {
    const sent = this.events.find((event) => event.id === eventId);
    if (!sent) throw new Error(`no event ${eventId}`);
    const headers = this.headersFor(sent.payload, opts.transmissionTime);
    if (opts.signature !== undefined) headers['paypal-transmission-sig'] = opts.signature;
    return (await this.deliver(sent, headers)) ?? 0;
  }

  private async deliver(sent: SentEvent, headers: Record<string, string>): Promise<number | undefined> {
    const { deliver, webhookUrl } = this.options;
    if (!deliver && !webhookUrl) return undefined;
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
