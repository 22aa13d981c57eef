import { describe, expect, it } from 'vitest';
import { canonicalLanguageCode, placeholderMismatch, placeholdersOf } from './localization-constants.ts';

describe('canonicalLanguageCode', () => {
  it('puts a language tag in its canonical case', () => {
    expect(canonicalLanguageCode('hi')).toBe('hi');
    expect(canonicalLanguageCode(' pt-br ')).toBe('pt-BR');
    expect(canonicalLanguageCode('ZH-hant')).toBe('zh-Hant');
    expect(canonicalLanguageCode('es-419')).toBe('es-419');
  });

  it('refuses what is not a language tag of the shape the default-language setting takes', () => {
    for (const code of ['', 'e', 'english', 'en_US', 'en-US-x-private', '<b>', 'en-', '12'])
      expect(canonicalLanguageCode(code), code).toBeNull();
  });
});

describe('placeholders', () => {
  it('lists each placeholder once, sorted', () => {
    expect(placeholdersOf(':used of :available used, :used')).toEqual([':available', ':used']);
  });

  it('finds placeholders a translation lost or added', () => {
    expect(placeholderMismatch('Hello :name', 'Bonjour')).toEqual({ missing: [':name'], extra: [] });
    expect(placeholderMismatch('Hello', 'Bonjour :nom')).toEqual({ missing: [], extra: [':nom'] });
    expect(placeholderMismatch('Hello :name', 'Bonjour :name')).toEqual({ missing: [], extra: [] });
  });
});
