import { createECDH, createDecipheriv, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type PushMessage = { path: string; headers: http.IncomingHttpHeaders; body: Buffer };

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/**
 * A browser's side of Web Push for tests: a real P-256 key pair and auth secret (what
 * PushManager.subscribe hands the page), and the decryption of an aes128gcm message (RFC 8291
 * with RFC 8188 records), written here from the RFCs so it checks the server's encryption.
 */
export class PushClient {
  private readonly ecdh = createECDH('prime256v1');
  readonly publicKey: Buffer;
  readonly authSecret = randomBytes(16);
  constructor() {
    this.publicKey = this.ecdh.generateKeys();
  }

  get keys() {
    return { p256dh: this.publicKey.toString('base64url'), auth: this.authSecret.toString('base64url') };
  }

  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const rs = body.readUInt32BE(16);
    const idLen = body[20];
    const senderKey = body.subarray(21, 21 + idLen);
    const records = body.subarray(21 + idLen);
    const ecdhSecret = this.ecdh.computeSecret(senderKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.publicKey, senderKey]);
    const ikm = hmac(hmac(this.authSecret, ecdhSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
    const prk = hmac(salt, ikm);
    const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
    const baseNonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
    const parts: Buffer[] = [];
    for (let seq = 0, offset = 0; offset < records.length; seq++, offset += rs) {
      const record = records.subarray(offset, offset + rs);
      const nonce = Buffer.from(baseNonce);
      // The record sequence number XORed into the nonce's tail.
      nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
      // Padding: the delimiter (2 on the last record, 1 before) and then zeros.
      let end = plain.length - 1;
      while (end >= 0 && plain[end] === 0) end--;
      if (plain[end] !== 1 && plain[end] !== 2) throw new Error('bad record padding');
      parts.push(plain.subarray(0, end));
    }
    return Buffer.concat(parts).toString('utf8');
  }
}

/** Checks the VAPID Authorization header (RFC 8292): an ES256 JWT signed by key k for the endpoint's origin. */
export function verifyVapid(
  headers: http.IncomingHttpHeaders,
  endpoint: string,
): { publicKey: string; claims: Record<string, unknown> } {
  const match = /^vapid t=([^,\s]+),\s*k=([\w-]+)$/.exec(String(headers.authorization ?? ''));
  if (!match) throw new Error(`no VAPID authorization header: ${headers.authorization}`);
  const [, jwt, k] = match;
  const [h, p, s] = jwt.split('.');
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
  if (claims.aud !== new URL(endpoint).origin)
    throw new Error(`VAPID aud ${String(claims.aud)} is not ${new URL(endpoint).origin}`);
  return { publicKey: k, claims };
}

/** A stand-in push service on 127.0.0.1 that keeps what it receives and answers `status`. */
export class PushService {
  readonly messages: PushMessage[] = [];
  status = 201;
  private server: http.Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.messages.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(this.status).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  endpoint(name: string): string {
    return `${this.url}/push/${name}`;
  }

  to(name: string): PushMessage[] {
    return this.messages.filter((m) => m.path === `/push/${name}`);
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
