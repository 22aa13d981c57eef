import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { overrideMethod } from './method-override.ts';

const req = (
  method: string,
  url: string,
  headers: Record<string, string> = {},
): Pick<IncomingMessage, 'method' | 'url' | 'headers'> => ({ method, url, headers });

describe('overrideMethod (spec part 1 section 7.1)', () => {
  it('turns POST into the method named by the header', () => {
    const r = req('POST', '/api/v1/settings', { 'x-http-method-override': 'put' });
    expect(overrideMethod(r)).toBe('/api/v1/settings');
    expect(r.method).toBe('PUT');
  });

  it('turns POST into the method named by _method', () => {
    const r = req('POST', '/api/v1/x?_method=DELETE&a=1');
    overrideMethod(r);
    expect(r.method).toBe('DELETE');
  });

  it('never overrides GET, and never to GET or an unknown verb', () => {
    const get = req('GET', '/x?_method=DELETE');
    overrideMethod(get);
    expect(get.method).toBe('GET');
    for (const wanted of ['GET', 'TRACE', 'CONNECT']) {
      const r = req('POST', `/x?_method=${wanted}`);
      overrideMethod(r);
      expect(r.method).toBe('POST');
    }
  });
});
