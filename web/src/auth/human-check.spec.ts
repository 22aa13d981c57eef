import { describe, expect, it, vi } from 'vitest';
import { isHumanCheckEnabled, passHumanCheck, type HumanCheckProvider } from './human-check.ts';

const on = { site_key: 'site-key', enable: { register: true } };
const provider = (token: string | null | Error): HumanCheckProvider => ({
  getToken: vi.fn(async () => {
    if (token instanceof Error) throw token;
    return token;
  }),
});

describe('isHumanCheckEnabled', () => {
  it('needs a site key and the action switched on', () => {
    expect(isHumanCheckEnabled(on, 'register')).toBe(true);
    expect(isHumanCheckEnabled(on, 'contact')).toBe(false);
    expect(isHumanCheckEnabled({ site_key: '', enable: { register: true } }, 'register')).toBe(false);
    expect(isHumanCheckEnabled(undefined, 'register')).toBe(false);
  });
});

describe('passHumanCheck', () => {
  it('passes without asking anyone when the check is off', async () => {
    const sut = provider('t');
    const verify = vi.fn();
    expect(await passHumanCheck({ site_key: '', enable: {} }, 'register', sut, verify)).toBe(true);
    expect(sut.getToken).not.toHaveBeenCalled();
    expect(verify).not.toHaveBeenCalled();
  });

  it('verifies the provider token with the server', async () => {
    const sut = provider('token-1');
    const verify = vi.fn(async () => ({ success: true }));
    expect(await passHumanCheck(on, 'register', sut, verify)).toBe(true);
    expect(sut.getToken).toHaveBeenCalledWith('site-key', 'register');
    expect(verify).toHaveBeenCalledWith('token-1');
  });

  it('fails when the server says no, there is no token, or anything throws', async () => {
    expect(await passHumanCheck(on, 'register', provider('t'), async () => ({ success: false }))).toBe(false);
    expect(await passHumanCheck(on, 'register', provider(null), async () => ({ success: true }))).toBe(false);
    expect(await passHumanCheck(on, 'register', provider(new Error('blocked')), async () => ({ success: true }))).toBe(
      false,
    );
    expect(await passHumanCheck(on, 'register', provider('t'), async () => Promise.reject(new Error('offline')))).toBe(
      false,
    );
  });
});
