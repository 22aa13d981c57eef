import { describe, expect, it } from 'vitest';
import { isBuiltSettingsTab, SHOWN_SETTINGS_TABS } from './settings-tabs.ts';

describe('SHOWN_SETTINGS_TABS', () => {
  it('lists the built tabs in the order of the spec, each at its own address', () => {
    expect(SHOWN_SETTINGS_TABS.map((t) => t.id)).toEqual([
      'general',
      'subscriptions',
      'localization',
      'authentication',
      'uploading',
      'outgoing-email',
      'cache',
      'analytics',
      'logging',
      'queue',
      'websockets',
      'recaptcha',
      'gdpr',
      'drive',
    ]);
    expect(SHOWN_SETTINGS_TABS[0]).toEqual({ id: 'general', label: 'General', path: '/admin/settings/general' });
  });
});

describe('isBuiltSettingsTab', () => {
  it('knows the built tabs only', () => {
    expect(isBuiltSettingsTab('drive')).toBe(true);
    expect(isBuiltSettingsTab('cache')).toBe(true);
    expect(isBuiltSettingsTab('queue')).toBe(true);
    expect(isBuiltSettingsTab('jobs')).toBe(false);
    expect(isBuiltSettingsTab('toString')).toBe(false);
    expect(isBuiltSettingsTab(undefined)).toBe(false);
  });
});
