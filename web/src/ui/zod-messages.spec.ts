import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoginUserBodySchema } from '@kosh/contracts';
import { clientMessage, translatedResolver } from './zod-messages.ts';

const hindi: Record<string, string> = {
  'This field is required.': 'यह फ़ील्ड आवश्यक है।',
  'The email must be a valid email address.': 'मान्य ईमेल',
};
const trans = (m: string) => hindi[m] ?? m;

describe('clientMessage', () => {
  it('says required the client way and translates the rest', () => {
    expect(clientMessage('The email field is required.', trans)).toBe('यह फ़ील्ड आवश्यक है।');
    expect(clientMessage('The email must be a valid email address.', trans)).toBe('मान्य ईमेल');
    expect(clientMessage('Something else.', trans)).toBe('Something else.');
    expect(clientMessage(undefined, trans)).toBeUndefined();
  });
});

describe('translatedResolver', () => {
  it('rewrites the messages of a contracts schema', async () => {
    const resolver = translatedResolver(zodResolver(LoginUserBodySchema.pick({ email: true, password: true })), trans);
    const result = await resolver({ email: 'nope', password: '' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result.errors.email?.message).toBe('मान्य ईमेल');
    expect(result.errors.password?.message).toBe('यह फ़ील्ड आवश्यक है।');
  });

  it('passes valid values through', async () => {
    const resolver = translatedResolver(zodResolver(z.object({ a: z.string() })), trans);
    const result = await resolver({ a: 'x' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ a: 'x' });
  });
});
