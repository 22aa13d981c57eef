import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { systemClock, type Clock } from '../clock.ts';

/**
 * The install's secret keys, kept outside the database (KOSH_SECRET_KEY or DATA_DIR/secret.key,
 * config.ts): `current` encrypts and signs; `previous` keys still decrypt and verify during a
 * rotation. `legacy` is the former in-database app key, read only to re-encrypt what it encrypted.
 */
export type SecretKeys = { current: string; previous?: string[]; legacy?: string };
export type KeySource = () => Promise<string | SecretKeys>;

const b64 = (buf: Buffer) => buf.toString('base64url');
const unb64 = (text: string) => Buffer.from(text, 'base64url');

type Derived = { id: string; encrypt: Buffer; sign: Buffer; hash: Buffer };

function derive(secret: string): Derived {
  const key = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'kosh', info, 32));
  return {
    // Names the key inside each box, so a rotation knows which key opens it; tells nothing of the key.
    id: b64(key('key-id')).slice(0, 8),
    encrypt: key('encrypt-at-rest'),
    sign: key('signed-values'),
    hash: key('code-hashes'),
  };
}

/**
 * Keys derived from the install's secret key: one to encrypt secrets at rest, one to sign
 * short-lived cookies, one to hash codes. Separate derivations keep a leak of one use from
 * helping another; the key itself never enters the database, so a dump opens nothing.
 */
export class KeyRing {
  private readonly source: KeySource;
  private readonly clock: Clock;
  private keys: Promise<{ current: Derived; previous: Derived[]; legacy: Buffer | null }> | null = null;
  constructor(source: KeySource, clock: Clock = systemClock) {
    this.source = source;
    this.clock = clock;
  }

  private load() {
    this.keys ??= this.source().then((given) => {
      const keys = typeof given === 'string' ? { current: given } : given;
      if (!keys.current)
        throw new Error('No secret key: set KOSH_SECRET_KEY or let the server create DATA_DIR/secret.key.');
      return {
        current: derive(keys.current),
        previous: (keys.previous ?? []).filter(Boolean).map(derive),
        legacy: keys.legacy ? Buffer.from(hkdfSync('sha256', keys.legacy, 'kosh', 'encrypt-at-rest', 32)) : null,
      };
    });
    return this.keys;
  }

  /** AES-256-GCM under the current key; the answer names the key and carries its IV and tag. */
  async encrypt(plain: string): Promise<string> {
    const { current } = await this.load();
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', current.encrypt, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v2.${current.id}.${b64(iv)}.${b64(cipher.getAuthTag())}.${b64(body)}`;
  }

  /** Opens a box of the current or a previous key (or, once, of the former in-database key). */
  async decrypt(box: string): Promise<string> {
    const { current, previous, legacy } = await this.load();
    const parts = box.split('.');
    let key: Buffer | null | undefined;
    let rest: string[];
    if (parts[0] === 'v2') {
      key = [current, ...previous].find((k) => k.id === parts[1])?.encrypt;
      rest = parts.slice(2);
    } else {
      key = parts[0] === 'v1' ? legacy : null;
      rest = parts.slice(1);
    }
    const [iv, tag, body] = rest;
    if (!key || !iv || !tag || body === undefined) throw new Error('Not a value this key ring can open.');
    const decipher = createDecipheriv('aes-256-gcm', key, unb64(iv));
    decipher.setAuthTag(unb64(tag));
    return Buffer.concat([decipher.update(unb64(body)), decipher.final()]).toString('utf8');
  }

  /** Whether a box was made under another key than the current one (a rotation re-encrypts it). */
  async isStale(box: string): Promise<boolean> {
    const { current } = await this.load();
    return !box.startsWith(`v2.${current.id}.`);
  }

  /** A keyed hash, for short codes that a plain hash would let anyone reverse by trying all. */
  async hash(purpose: string, value: string): Promise<string> {
    const { current } = await this.load();
    return createHmac('sha256', current.hash).update(`${purpose}\n${value}`).digest('hex');
  }

  /** A tamper-proof value that expires: for cookies that carry state between two requests. */
  async sign(purpose: string, payload: Record<string, unknown>, ttlSeconds: number): Promise<string> {
    const { current } = await this.load();
    const exp = this.clock().getTime() + ttlSeconds * 1000;
    const body = b64(Buffer.from(JSON.stringify({ ...payload, p: purpose, exp })));
    return `${body}.${b64(createHmac('sha256', current.sign).update(body).digest())}`;
  }

  /**
   * The payload of a value `sign` made for this purpose (under the current or a previous key),
   * or null when forged, foreign or expired.
   */
  async verify<T extends Record<string, unknown>>(purpose: string, value: string | undefined): Promise<T | null> {
    if (!value || value.length > 4096) return null;
    const { current, previous } = await this.load();
    const [body, mac] = value.split('.');
    if (!body || !mac) return null;
    const given = unb64(mac);
    const signedByUs = [current, ...previous].some((k) => {
      const expected = createHmac('sha256', k.sign).update(body).digest();
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
    if (!signedByUs) return null;
    try {
      const payload = JSON.parse(unb64(body).toString('utf8')) as T & { p?: string; exp?: number };
      if (payload.p !== purpose || typeof payload.exp !== 'number' || payload.exp < this.clock().getTime()) return null;
      return payload;
    } catch {
      return null;
    }
  }
}
