import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchRefusedError, SafeFetcher } from '../../src/net/safe-fetch.ts';
import { localServer } from '../helpers/accounts.ts';

// The guard against internal addresses has its own unit tests; here the fetcher talks to real
// servers on 127.0.0.1 (allowed for these tests only) to check limits on time, redirects and size.
let server: { url: string; close(): Promise<void> };
beforeAll(async () => {
  server = await localServer((req, res) => {
    if (req.url === '/hang') return; // never answers
    if (req.url === '/dribble') {
      res.writeHead(200);
      const timer = setInterval(() => res.write('x'), 100);
      res.on('close', () => clearInterval(timer));
      return;
    }
    if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (req.url === '/hop') return res.writeHead(301, { location: '/image' }).end();
    if (req.url === '/cut') {
      res.writeHead(200, { 'content-length': '1000' });
      res.write('partial');
      setTimeout(() => res.destroy(), 20);
      return;
    }
    if (req.url === '/missing') return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'image/png' }).end('PNGDATA');
  });
});
afterAll(() => server.close());

const sut = () => new SafeFetcher({ isAllowed: (ip) => ip === '127.0.0.1' });
const limits = { maxBytes: 1024, timeoutMs: 500, maxRedirects: 2 };
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(FetchRefusedError);
      return (error as FetchRefusedError).message;
    },
  );

describe('SafeFetcher against local servers', () => {
  it('fetches a body and follows a redirect', async () => {
    const fetched = await sut().fetch(`${server.url}/hop`, limits);
    expect(fetched.body.toString()).toBe('PNGDATA');
    expect(fetched.contentType).toBe('image/png');
    expect(fetched.url).toBe(`${server.url}/image`);
  });

  it('gives up on a server that never answers', async () => {
    expect(await refusal(sut().fetch(`${server.url}/hang`, limits))).toBe('The address took too long to answer.');
  });

  it('gives up on a body that trickles in past the time limit', async () => {
    expect(await refusal(sut().fetch(`${server.url}/dribble`, { ...limits, maxBytes: 1_000_000 }))).toBe(
      'The address took too long to answer.',
    );
  });

  it('stops after the allowed number of redirects', async () => {
    expect(await refusal(sut().fetch(`${server.url}/loop`, limits))).toBe('The address redirected too many times.');
  });

  it('reports a body cut short and an error status', async () => {
    expect(await refusal(sut().fetch(`${server.url}/cut`, limits))).toMatch(
      /closed the connection early|could not be fetched/,
    );
    expect(await refusal(sut().fetch(`${server.url}/missing`, limits))).toBe('The address answered with status 404.');
  });

  it('refuses a redirect to an address outside what is allowed', async () => {
    const redirecting = await localServer((_req, res) => res.writeHead(302, { location: 'http://127.0.0.3/' }).end());
    try {
      expect(await refusal(sut().fetch(redirecting.url, limits))).toMatch(/private or reserved/);
    } finally {
      await redirecting.close();
    }
  });
});
