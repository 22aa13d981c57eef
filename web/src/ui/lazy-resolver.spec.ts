import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver.ts';

type Values = { email: string };
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];
const valid: Resolver<Values> = async (values) => ({ values, errors: {} });

describe('lazyResolver', () => {
  it('loads its resolver once, on the first validation or on load(), and validates with it', async () => {
    const load = vi.fn(async () => valid);
    const resolver = lazyResolver<Values>(load);
    expect(load).not.toHaveBeenCalled();
    resolver.load();
    resolver.load();
    expect(await resolver({ email: 'a@b.c' }, undefined, options)).toEqual({ values: { email: 'a@b.c' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the download again after it failed', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(valid);
    const resolver = lazyResolver<Values>(load);
    await expect(resolver({ email: '' }, undefined, options)).rejects.toThrow('offline');
    expect(await resolver({ email: '' }, undefined, options)).toEqual({ values: { email: '' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
