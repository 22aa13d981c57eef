import { describe, expect, it } from 'vitest';
import { BootstrapDataSchema } from '@kosh/contracts';
import { checkSetting } from './setting-rules.ts';
import { PRIVATE_SETTINGS, PUBLIC_SETTINGS } from './settings.defaults.ts';

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
    expect(checkSetting('registration.disable', true)).toEqual({ value: true });
    expect(checkSetting('registration.disable', 'yes')).toEqual({
      error: 'registration.disable takes a boolean, not a string',
    });
    expect(checkSetting('registration.policies', {})).toEqual({
      error: 'registration.policies takes an array, not an object',
    });
    expect(checkSetting('homepage.value', null)).toEqual({ value: null });
  });

  it('holds values to their rules and keeps what the rule makes of them', () => {
    expect(checkSetting('drive.trash_purge_days', -1)).toEqual({ error: 'Give 0 or more.' });
    expect(checkSetting('drive.trash_purge_days', 1.5)).toEqual({ error: 'Give a whole number.' });
    expect(checkSetting('homepage.type', 'nowhere')).toHaveProperty('error');
    expect(checkSetting('dates.default_timezone', 'Asia/Kolkata')).toEqual({ value: 'Asia/Kolkata' });
    expect(checkSetting('dates.default_timezone', 'Mars/Base')).toEqual({ error: 'Choose a time zone from the list.' });
    expect(checkSetting('contact.email', '')).toEqual({ value: '' });
    expect(checkSetting('contact.email', 'not mail')).toHaveProperty('error');
    expect(checkSetting('auth.domain_blacklist', [' Spam.Example '])).toEqual({ value: ['spam.example'] });
    expect(checkSetting('auth.domain_blacklist', ['no spaces.com'])).toHaveProperty('error');
    expect(checkSetting('uploads.blocked_types', ['image/*', 'exe', '.msi'])).toHaveProperty('value');
    expect(checkSetting('uploads.chunk_size', 1024)).toEqual({ error: 'Give at least 256 KB.' });
    expect(checkSetting('recaptcha.enable', { register: true, contact: false, other: true })).toHaveProperty('error');
    const policy = { id: 'p1', label: 'Terms', action: 'javascript:alert(1)', type: 'link' };
    expect(checkSetting('registration.policies', [policy])).toEqual({
      error: 'registration.policies.0.action: Give an https address or a site path.',
    });
    expect(
      checkSetting('registration.policies', [{ ...policy, action: '/pages/terms', type: 'route' }]),
    ).toHaveProperty('value');
  });
});
