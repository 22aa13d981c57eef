import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { systemClock, type Clock } from '../clock.ts';

export type KeySource = () => Promise<string>;

const b64 = (buf: Buffer) => buf.toString('base64url');
const unb64 = (text: string) => Buffer.from(text, 'base64url');

/**
 * Keys derived from the install's app key (settings `app.key`, generated on first start):
 * one to encrypt secrets at rest, one to sign short-lived cookies, one to hash codes.
 * Separate derivations keep a leak of one use from helping another.
 */
export class KeyRing {
  private readonly source: KeySource;
  private readonly clock: Clock;
  private keys: Promise<{ encrypt: Buffer; sign: Buffer; hash: Buffer }> | null = null;
  constructor(source: KeySource, clock: Clock = systemClock) {
    this.source = source;
    this.clock = clock;
  }

  private load() {
    this.keys ??= this.source().then((appKey) => {
      if (!appKey) throw new Error('app.key is not set; the seed creates it on start.');
      const derive = (info: string) => Buffer.from(hkdfSync('sha256', appKey, 'kosh', info, 32));
      return { encrypt: derive('encrypt-at-rest'), sign: derive('signed-values'), hash: derive('code-hashes') };
    });
    return this.keys;
  }

  /** AES-256-GCM; the answer carries its IV and tag. */
  async encrypt(plain: string): Promise<string> {
    const { encrypt } = await this.load();
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', encrypt, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1.${b64(iv)}.${b64(cipher.getAuthTag())}.${b64(body)}`;
  }

  async decrypt(box: string): Promise<string> {
    const { encrypt } = await this.load();
    const [version, iv, tag, body] = box.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not an encrypted value.');
    const decipher = createDecipheriv('aes-256-gcm', encrypt, unb64(iv));
    decipher.setAuthTag(unb64(tag));
    return Buffer.concat([decipher.update(unb64(body)), decipher.final()]).toString('utf8');
  }

  /** A keyed hash, for short codes that a plain hash would let anyone reverse by trying all. */
  async hash(purpose: string, value: string): Promise<string> {
    const { hash } = await this.load();
    return createHmac('sha256', hash).update(`${purpose}\n${value}`).digest('hex');
  }

  /** A tamper-proof value that expires: for cookies that carry state between two requests. */
  async sign(purpose: string, payload: Record<string, unknown>, ttlSeconds: number): Promise<string> {
    const { sign } = await this.load();
    const exp = this.clock().getTime() + ttlSeconds * 1000;
    const body = b64(Buffer.from(JSON.stringify({ ...payload, p: purpose, exp })));
    return `${body}.${b64(createHmac('sha256', sign).update(body).digest())}`;
  }

  /** The payload of a value `sign` made for this purpose, or null when forged, foreign or expired. */
  async verify<T extends Record<string, unknown>>(purpose: string, value: string | undefined): Promise<T | null> {
    if (!value || value.length > 4096) return null;
    const { sign } = await this.load();
    const [body, mac] = value.split('.');
    if (!body || !mac) return null;
    const expected = createHmac('sha256', sign).update(body).digest();
    const given = unb64(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const payload = JSON.parse(unb64(body).toString('utf8')) as T & { p?: string; exp?: number };
      if (payload.p !== purpose || typeof payload.exp !== 'number' || payload.exp < this.clock().getTime()) return null;
      return payload;
    } catch {
      return null;
    }
  }
}
