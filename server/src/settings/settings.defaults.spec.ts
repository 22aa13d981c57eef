import { describe, expect, it } from 'vitest';
import { BootstrapDataSchema } from '@kosh/contracts';
import { PRIVATE_SETTINGS, PUBLIC_SETTINGS, settingTypeError } from './settings.defaults.ts';

describe('settings defaults', () => {
  it('keeps public and private keys apart', () => {
    for (const key of Object.keys(PRIVATE_SETTINGS)) expect(Object.hasOwn(PUBLIC_SETTINGS, key)).toBe(false);
  });

  it('covers every settings key the client schema reads', () => {
    const shape = BootstrapDataSchema.shape.settings.shape;
    const tops = new Set(Object.keys(PUBLIC_SETTINGS).map((k) => k.split('.')[0]));
    for (const key of Object.keys(shape)) if (key !== 'menus' && key !== 'base_url') expect(tops).toContain(key);
  });

  it('explains a value of the wrong type', () => {
    expect(settingTypeError('registration.disable', true)).toBeUndefined();
    expect(settingTypeError('registration.disable', 'yes')).toBe('registration.disable takes a boolean, not a string');
    expect(settingTypeError('registration.policies', {})).toBe('registration.policies takes an array, not an object');
    expect(settingTypeError('homepage.value', 'x')).toBeUndefined();
  });
});
