import { createSign, createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { crc32 } from 'node:zlib';

/** The fields of `POST /v1/notifications/verify-webhook-signature`. */
export type VerifyInput = {
  auth_algo?: unknown;
  cert_url?: unknown;
  transmission_id?: unknown;
  transmission_sig?: unknown;
  transmission_time?: unknown;
  webhook_id?: unknown;
  webhook_event?: unknown;
};

/** What PayPal signs: `transmission_id|transmission_time|webhook_id|crc32(body)`, the CRC in decimal. */
export const signedMessage = (transmissionId: string, transmissionTime: string, webhookId: string, body: string) =>
  `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(body)}`;

/**
 * The stand-in's webhook signing key (an RSA pair made at start) and the check PayPal's verify endpoint
 * makes with it. Staleness is the receiver's to judge, as on PayPal.
 */
export class WebhookSigner {
  readonly webhookId: string;
  readonly publicKeyPem: string;
  private readonly privateKey: KeyObject;

  constructor(webhookId: string) {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.webhookId = webhookId;
    this.privateKey = privateKey;
    this.publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  }

  /** The base64 SHA256withRSA signature of a body sent with this transmission id and time. */
  sign(transmissionId: string, transmissionTime: string, body: string): string {
    const signer = createSign('RSA-SHA256');
    signer.update(signedMessage(transmissionId, transmissionTime, this.webhookId, body));
    return signer.sign(this.privateKey, 'base64');
  }

  /** True when the event was signed by this key for this webhook id, announced with `certUrl`. */
  verify(input: VerifyInput, certUrl: string): boolean {
    const { transmission_id: id, transmission_time: time, transmission_sig: signature } = input;
    if (input.webhook_id !== this.webhookId || input.cert_url !== certUrl) return false;
    if (input.auth_algo !== 'SHA256withRSA') return false;
    if (typeof id !== 'string' || typeof time !== 'string' || typeof signature !== 'string') return false;
    if (input.webhook_event === undefined) return false;
    const body = JSON.stringify(input.webhook_event);
    const verifier = createVerify('RSA-SHA256');
    verifier.update(signedMessage(id, time, this.webhookId, body));
    try {
      return verifier.verify(this.publicKeyPem, signature, 'base64');
    } catch {
      return false;
    }
  }
}
