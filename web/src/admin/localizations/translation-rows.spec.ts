import { describe, expect, it } from 'vitest';
import { linesToSave, nextDrafts, translationRows } from './translation-rows.ts';

const LINES = [
  { key: 'Home', source: 'Home', translation: 'Maison' },
  { key: 'Search', source: 'Search', translation: '' },
  { key: 'Hello :name', source: 'Hello :name', translation: '' },
  { key: 'Menu label', source: null, translation: 'Étiquette' },
];
const ALL = { query: '', isMissingOnly: false };

describe('translationRows', () => {
  it('shows every line with its draft over the saved text, added keys first', () => {
    const rows = translationRows(LINES, ['New key'], { Search: 'Chercher', 'New key': 'Neu' }, ALL);
    expect(rows.map((r) => [r.key, r.value, r.isChanged, r.isAdded])).toEqual([
      ['New key', 'Neu', true, true],
      ['Home', 'Maison', false, false],
      ['Search', 'Chercher', true, false],
      ['Hello :name', '', false, false],
      ['Menu label', 'Étiquette', false, false],
    ]);
  });

  it('searches the key, the English line and the translations in any case', () => {
    const keys = (query: string, drafts = {}) =>
      translationRows(LINES, [], drafts, { query, isMissingOnly: false }).map((r) => r.key);
    expect(keys('HOME')).toEqual(['Home']);
    expect(keys('maison')).toEqual(['Home']);
    expect(keys('étiq')).toEqual(['Menu label']);
    expect(keys('cherch', { Search: 'Chercher' })).toEqual(['Search']);
    expect(keys('  ')).toHaveLength(4);
  });

  it('keeps a missing line on screen while it is typed into, until it is saved', () => {
    const missing = (drafts = {}) =>
      translationRows(LINES, [], drafts, { query: '', isMissingOnly: true }).map((r) => r.key);
    expect(missing()).toEqual(['Search', 'Hello :name']);
    expect(missing({ Search: 'Chercher' })).toEqual(['Search', 'Hello :name']);
  });

  it('does not repeat an added key the server has since saved', () => {
    expect(translationRows(LINES, ['Menu label'], {}, ALL).filter((r) => r.key === 'Menu label')).toHaveLength(1);
  });
});

describe('nextDrafts', () => {
  it('keeps a change and forgets a line typed back to its saved text', () => {
    const once = nextDrafts({}, 'Home', 'Accueil', 'Maison', false);
    expect(once).toEqual({ Home: 'Accueil' });
    expect(nextDrafts(once, 'Home', 'Maison', 'Maison', false)).toEqual({});
  });

  it('keeps an added key even when emptied', () => {
    expect(nextDrafts({ New: 'x' }, 'New', '', '', true)).toEqual({ New: '' });
  });
});

describe('linesToSave', () => {
  it('sends the changes, a cleared line as empty, and no empty added key', () => {
    expect(linesToSave({ Home: '', New: '', Other: 'x' }, ['New', 'Other'])).toEqual({ Home: '', Other: 'x' });
  });
});
