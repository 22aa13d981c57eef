import { describe, expect, it, vi } from 'vitest';
import { FetchRefusedError, SafeFetcher } from './safe-fetch.ts';

const limits = { maxBytes: 1024, timeoutMs: 1000, maxRedirects: 2 };

/** A fetcher whose DNS answers are scripted, so no test ever resolves or connects for real. */
function fetcherResolvingTo(addresses: string[]) {
  const resolve = vi.fn(async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  return { sut: new SafeFetcher({ resolve }), resolve };
}

async function refusal(promise: Promise<unknown>): Promise<FetchRefusedError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchRefusedError);
  return error as FetchRefusedError;
}

describe('SafeFetcher', () => {
  it('refuses schemes other than http and https before any lookup', async () => {
    const { sut, resolve } = fetcherResolvingTo(['93.184.215.14']);
    for (const url of ['file:///etc/passwd', 'gopher://example.com/', 'data:text/plain,hi', 'javascript:alert(1)']) {
      expect((await refusal(sut.fetch(url, limits))).message).toBe('Only http and https addresses can be fetched.');
    }
    expect(resolve).not.toHaveBeenCalled();
  });

  it('refuses text that is not a URL', async () => {
    const { sut } = fetcherResolvingTo([]);
    expect((await refusal(sut.fetch('not a url', limits))).message).toBe('The address is not a valid URL.');
  });

  it('refuses a name that resolves to a private address', async () => {
    const { sut } = fetcherResolvingTo(['10.0.0.7']);
    expect((await refusal(sut.fetch('http://intranet.example.com/a.png', limits))).message).toMatch(
      /private or reserved/,
    );
  });

  it('refuses a name with one public and one internal address (DNS tricks)', async () => {
    const { sut } = fetcherResolvingTo(['93.184.215.14', '127.0.0.1']);
    expect((await refusal(sut.fetch('http://rebind.example.com/', limits))).message).toMatch(/private or reserved/);
  });

  it('refuses literal internal addresses without resolving', async () => {
    const { sut, resolve } = fetcherResolvingTo([]);
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]:8080/',
      'http://127.1/',
      'http://0x7f000001/',
    ]) {
      expect((await refusal(sut.fetch(url, limits))).message).toMatch(/private or reserved/);
    }
    expect(resolve).not.toHaveBeenCalled();
  });

  it('reports a name that does not resolve', async () => {
    const sut = new SafeFetcher({ resolve: async () => Promise.reject(new Error('ENOTFOUND')) });
    expect((await refusal(sut.fetch('http://no-such-host.example/', limits))).message).toBe(
      'The address could not be resolved.',
    );
  });
});
