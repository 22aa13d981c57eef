import { describe, expect, it } from 'vitest';
import {
  changedSettings,
  clientSettingErrors,
  firstError,
  isSameValue,
  nestedError,
  unclaimedErrors,
} from './settings-form.ts';

describe('isSameValue', () => {
  it('compares scalars, arrays and objects by content', () => {
    expect(isSameValue('a', 'a')).toBe(true);
    expect(isSameValue(0, -0)).toBe(false);
    expect(isSameValue(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(isSameValue(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(isSameValue({ register: true, contact: false }, { contact: false, register: true })).toBe(true);
    expect(isSameValue({ register: true }, { register: true, contact: false })).toBe(false);
    expect(isSameValue([], {})).toBe(false);
    expect(isSameValue(null, {})).toBe(false);
    expect(isSameValue(undefined, '')).toBe(false);
  });
});

describe('changedSettings', () => {
  const saved = { 'branding.site_name': 'Kosh', 'recaptcha.enable': { register: false, contact: false }, n: 30 };

  it('keeps only the edits that differ from the saved values', () => {
    const edits = {
      'branding.site_name': 'Kosh',
      'recaptcha.enable': { register: true, contact: false },
      n: 30,
      'themes.user_change': false,
    };
    expect(changedSettings(saved, edits)).toEqual({
      'recaptcha.enable': { register: true, contact: false },
      'themes.user_change': false,
    });
  });

  it('sends a secret given or cleared, never one left as it is', () => {
    const edits = { 'social.google.client_secret': 's3cret', 'recaptcha.secret_key': '', 'social.x': undefined };
    expect(changedSettings(saved, edits)).toEqual({
      'social.google.client_secret': 's3cret',
      'recaptcha.secret_key': '',
    });
  });
});

describe('clientSettingErrors', () => {
  const values = (map: Record<string, unknown>) => (key: string) => map[key];

  it('refuses text in a number field and an address that is no email', () => {
    const changes = { 'drive.trash_purge_days': 'soon', 'contact.email': 'nobody', 'uploads.max_size': 0 };
    expect(clientSettingErrors(changes, values(changes))).toEqual({
      'drive.trash_purge_days': ['Enter a number.'],
      'contact.email': ['Enter an email address, or leave it empty.'],
    });
  });

  it('lets an empty contact address and negative numbers through (the server says what is allowed)', () => {
    const changes = { 'contact.email': '', 'drive.trash_purge_days': -1 };
    expect(clientSettingErrors(changes, values(changes))).toEqual({});
  });

  it('asks for the page of a custom homepage', () => {
    const changes = { 'homepage.type': 'customPage' };
    expect(clientSettingErrors(changes, values({ ...changes, 'homepage.value': null }))).toEqual({
      'homepage.value': ['Choose the custom page to show as the homepage.'],
    });
    expect(clientSettingErrors(changes, values({ ...changes, 'homepage.value': '4' }))).toEqual({});
  });
});

describe('firstError', () => {
  it('finds the message of a key or of a part of it', () => {
    const errors = { 'recaptcha.enable.register': ['Give a boolean.'], 'contact.email': ['Bad.'] };
    expect(firstError(errors, 'contact.email')).toBe('Bad.');
    expect(firstError(errors, 'recaptcha.enable')).toBe('Give a boolean.');
    expect(firstError(errors, 'recaptcha')).toBe('Give a boolean.');
    expect(firstError(errors, 'contact')).toBe('Bad.');
    expect(firstError(errors, 'drive.trash_purge_days')).toBeUndefined();
  });
});

describe('nestedError', () => {
  it('splits the server’s message about a part of a value into its path and text', () => {
    expect(nestedError('registration.policies', 'registration.policies.1.label: Give the policy a label.')).toEqual({
      path: ['1', 'label'],
      text: 'Give the policy a label.',
    });
  });

  it('answers undefined for a message about the whole value', () => {
    expect(nestedError('registration.policies', 'Keep to 10 policies.')).toBeUndefined();
  });
});

describe('unclaimedErrors', () => {
  it('lists the keys no field or group on screen shows', () => {
    const errors = {
      'branding.site_name': ['x'],
      'group:social.google': ['y'],
      'recaptcha.enable.contact': ['z'],
      'uploads.max_size': ['w'],
    };
    const claimed = new Set(['branding.site_name', 'group:social.google', 'recaptcha.enable']);
    expect(unclaimedErrors(errors, claimed)).toEqual(['uploads.max_size']);
  });
});
