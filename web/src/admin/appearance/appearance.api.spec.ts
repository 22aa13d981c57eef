import { describe, expect, it } from 'vitest';
import type { AppearanceEditorMessage } from '../../shell/appearance/appearance-editor.ts';
import { fieldErrors, keepMessage, nestSettings, previewSubject, readSetting } from './appearance.api.ts';

describe('readSetting', () => {
  it('reads a dotted key of the nested settings, and an empty string when absent', () => {
    const settings = { branding: { site_name: 'Kosh' }, seo: {} };
    expect(readSetting(settings, 'branding.site_name')).toBe('Kosh');
    expect(readSetting(settings, 'seo.shareable_link_page.title')).toBe('');
  });
});

describe('nestSettings', () => {
  it('turns dotted keys into the nested shape setValues takes', () => {
    expect(
      nestSettings({ 'branding.site_name': 'A', 'branding.favicon': '/f.png', 'seo.shareable_link_page.title': 'T' }),
    ).toEqual({ branding: { site_name: 'A', favicon: '/f.png' }, seo: { shareable_link_page: { title: 'T' } } });
  });
});

describe('fieldErrors', () => {
  it('keeps the first message per key and drops a settings. prefix', () => {
    expect(fieldErrors({ 'settings.branding.site_name': ['Too long.', 'x'], 'seo.title': ['Bad.'] })).toEqual({
      'branding.site_name': 'Too long.',
      'seo.title': 'Bad.',
    });
  });

  it('puts an error inside the landing setting on its own path too', () => {
    expect(fieldErrors({ landing: ['landing.features.0.title: Too small.'] })).toEqual({
      landing: 'landing.features.0.title: Too small.',
      'landing.features.0.title': 'Too small.',
    });
  });
});

describe('keepMessage', () => {
  it('keeps the latest message per subject and merges setValues', () => {
    const kept = new Map<string, AppearanceEditorMessage>();
    keepMessage(kept, { type: 'setValues', values: { branding: { site_name: 'A' } } as never });
    keepMessage(kept, { type: 'setValues', values: { seo: { title: 'T' } } as never });
    keepMessage(kept, { type: 'setValues', values: { branding: { site_name: 'B' } } as never });
    keepMessage(kept, { type: 'setCustomCode', mode: 'css', value: 'a{}' });
    keepMessage(kept, { type: 'setCustomCode', mode: 'css', value: 'b{}' });
    keepMessage(kept, { type: 'setCustomCode', mode: 'html', value: '<p>' });
    expect(kept.get('setValues')).toEqual({
      type: 'setValues',
      values: { branding: { site_name: 'B' }, seo: { title: 'T' } },
    });
    expect(kept.get('setCustomCode:css')).toEqual({ type: 'setCustomCode', mode: 'css', value: 'b{}' });
    expect(kept.size).toBe(3);
  });

  it('replaces arrays rather than merging them', () => {
    const kept = new Map<string, AppearanceEditorMessage>();
    keepMessage(kept, { type: 'setValues', values: { landing: { faq: [1, 2] } } as never });
    keepMessage(kept, { type: 'setValues', values: { landing: { faq: [3] } } as never });
    expect(kept.get('setValues')).toEqual({ type: 'setValues', values: { landing: { faq: [3] } } });
  });

  it('names a subject by type and theme variable', () => {
    expect(previewSubject({ type: 'setThemeVariable', name: '--kosh-bg', value: '#fff' })).toBe(
      'setThemeVariable:--kosh-bg',
    );
    expect(previewSubject({ type: 'setFont', font: 'serif' })).toBe('setFont');
  });
});
