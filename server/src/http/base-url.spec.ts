import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './base-url.ts';

describe('isLoopbackHost', () => {
  it('accepts names that reach only the caller own machine', () => {
    for (const host of ['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1'])
      expect(isLoopbackHost(host), host).toBe(true);
  });

  it('refuses every other name, including look-alikes', () => {
    for (const host of ['evil.example', 'localhost.evil.example', '127.0.0.1.evil.example', '10.0.0.1', '[::2]', ''])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});
