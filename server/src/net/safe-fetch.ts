import http from 'node:http';
import https from 'node:https';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './address-guard.ts';

export type FetchLimits = { maxBytes: number; timeoutMs: number; maxRedirects: number };
export type Fetched = { body: Buffer; contentType: string | null; url: string };

/** A fetch the guard refused or that failed; the message is fit to show the user. */
export class FetchRefusedError extends Error {
  readonly isTooLarge: boolean;
  constructor(message: string, isTooLarge = false) {
    super(message);
    this.isTooLarge = isTooLarge;
  }
}

const tooLarge = () => new FetchRefusedError('The file at this address is too large.', true);

export interface UrlFetcher {
  fetch(url: string, limits: FetchLimits): Promise<Fetched>;
}

type Options = {
  /** Which resolved addresses may be contacted; public unicast only by default. */
  isAllowed?: (address: string) => boolean;
  resolve?: (host: string) => Promise<Array<{ address: string; family: number }>>;
};

/**
 * Fetches a user-given address from the server without letting it reach inside the network
 * (SSRF): http/https only; the name is resolved once and every address checked; the connection
 * goes to the checked address (no second lookup to rebind); each redirect is checked the same
 * way; size and time are capped.
 */
export class SafeFetcher implements UrlFetcher {
  private readonly isAllowed: (address: string) => boolean;
  private readonly resolve: NonNullable<Options['resolve']>;
  constructor(options: Options = {}) {
    this.isAllowed = options.isAllowed ?? isPublicAddress;
    this.resolve = options.resolve ?? ((host) => dnsLookup(host, { all: true, verbatim: true }));
  }

  async fetch(url: string, limits: FetchLimits): Promise<Fetched> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
    try {
      let current = this.parse(url);
      for (let hop = 0; ; hop++) {
        const address = await this.check(current);
        const res = await this.request(current, address, controller.signal);
        const location = res.headers.location;
        if (res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && location) {
          res.destroy();
          if (hop >= limits.maxRedirects) throw new FetchRefusedError('The address redirected too many times.');
          current = this.parse(new URL(location, current).toString());
          continue;
        }
        if (!res.statusCode || res.statusCode < 200 || res.statusCode >= 300) {
          res.destroy();
          throw new FetchRefusedError(`The address answered with status ${res.statusCode ?? 'unknown'}.`);
        }
        const body = await this.read(res, limits.maxBytes);
        return { body, contentType: res.headers['content-type'] ?? null, url: current.toString() };
      }
    } catch (error) {
      if (controller.signal.aborted) throw new FetchRefusedError('The address took too long to answer.');
      if (error instanceof FetchRefusedError) throw error;
      throw new FetchRefusedError('The address could not be fetched.');
    } finally {
      clearTimeout(timer);
    }
  }

  private parse(raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new FetchRefusedError('The address is not a valid URL.');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new FetchRefusedError('Only http and https addresses can be fetched.');
    return url;
  }

  /** Resolves the host and answers the address to connect to, refusing if any address is internal. */
  private async check(url: URL): Promise<{ address: string; family: number }> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: Array<{ address: string; family: number }>;
    if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
    else {
      try {
        addresses = await this.resolve(host);
      } catch {
        throw new FetchRefusedError('The address could not be resolved.');
      }
    }
    if (!addresses.length) throw new FetchRefusedError('The address could not be resolved.');
    // Every answer must pass: a name with one public and one internal address is refused.
    if (addresses.some((a) => !this.isAllowed(a.address)))
      throw new FetchRefusedError('This address points to a private or reserved network and cannot be fetched.');
    return addresses[0];
  }

  private request(
    url: URL,
    pinned: { address: string; family: number },
    signal: AbortSignal,
  ): Promise<http.IncomingMessage> {
    const lookup: LookupFunction = (_host, options, callback) => {
      // Asked for all addresses (options.all), the answer is a list: the one pinned address.
      if (options.all) callback(null, [pinned]);
      else callback(null, pinned.address, pinned.family);
    };
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = client.request(
        url,
        {
          method: 'GET',
          lookup,
          agent: false,
          signal,
          headers: { accept: 'image/*', 'user-agent': 'Kosh/1.0 (avatar fetch)' },
        },
        resolve,
      );
      req.on('error', reject);
      req.end();
    });
  }

  private read(res: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      res.destroy();
      return Promise.reject(tooLarge());
    }
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let total = 0;
      res.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > maxBytes) {
          res.destroy();
          reject(tooLarge());
          return;
        }
        chunks.push(chunk);
      });
      let ended = false;
      res.on('end', () => {
        ended = true;
        resolve(Buffer.concat(chunks));
      });
      res.on('error', reject);
      // An aborted response may only close; without this the read would wait forever.
      res.on('close', () => {
        if (!ended) reject(new FetchRefusedError('The address closed the connection early.'));
      });
    });
  }
}
