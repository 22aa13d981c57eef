import { describe, expect, it } from 'vitest';
import {
  AUDITED_KEYS_MAX,
  applyLineChanges,
  auditedLines,
  countTranslated,
  editorLines,
  fitsStoredSize,
  nonEmptyLines,
  readLinesFile,
} from './localization-lines.ts';

const SOURCE = { Home: 'Home', Search: 'Search', 'Hello :name': 'Hello :name' };

describe('countTranslated', () => {
  it('counts non-empty lines whose key is an English line', () => {
    expect(countTranslated({ Home: 'Maison', Search: '', Extra: 'x' }, SOURCE)).toBe(1);
  });
});

describe('applyLineChanges', () => {
  it('sets the given keys and leaves the others', () => {
    const sut = applyLineChanges({ Home: 'Maison', Search: 'Chercher' }, { Home: 'Accueil' }, SOURCE);
    expect(sut).toEqual({ lines: { Home: 'Accueil', Search: 'Chercher' }, set: ['Home'], removed: [] });
  });

  it("keeps a removed English line as '' and drops a removed added key whole", () => {
    const sut = applyLineChanges({ Home: 'Maison', Mine: 'x' }, { Home: '', Mine: '' }, SOURCE);
    expect(sut).toEqual({ lines: { Home: '' }, set: [], removed: ['Home', 'Mine'] });
  });

  it('reports nothing for text that does not change or a removal of a line never translated', () => {
    const sut = applyLineChanges({ Home: 'Maison' }, { Home: 'Maison', Search: '' }, SOURCE);
    expect(sut).toEqual({ lines: { Home: 'Maison' }, set: [], removed: [] });
  });

  it('adds a new key', () => {
    expect(applyLineChanges({}, { 'Menu label': 'Étiquette' }, SOURCE).lines).toEqual({ 'Menu label': 'Étiquette' });
  });

  it('does not change the lines it was given', () => {
    const current = { Home: 'Maison' };
    applyLineChanges(current, { Home: 'Accueil' }, SOURCE);
    expect(current).toEqual({ Home: 'Maison' });
  });
});

describe('editorLines', () => {
  it('lists the English lines in order with their translations, then the added keys', () => {
    expect(editorLines({ Search: 'Chercher', Mine: 'x' }, SOURCE)).toEqual([
      { key: 'Home', source: 'Home', translation: '' },
      { key: 'Search', source: 'Search', translation: 'Chercher' },
      { key: 'Hello :name', source: 'Hello :name', translation: '' },
      { key: 'Mine', source: null, translation: 'x' },
    ]);
  });
});

describe('nonEmptyLines', () => {
  it('leaves out removed translations', () => {
    expect(nonEmptyLines({ Home: '', Search: 'Chercher' })).toEqual({ Search: 'Chercher' });
  });
});

describe('fitsStoredSize', () => {
  it('measures the stored JSON in bytes', () => {
    expect(fitsStoredSize({ a: 'x'.repeat(1000) })).toBe(true);
    expect(fitsStoredSize({ a: 'é'.repeat(600 * 1024) })).toBe(false);
  });
});

describe('readLinesFile', () => {
  it('reads a download and a bare object of lines', () => {
    expect(readLinesFile('{"language":"fr","name":"Français","lines":{"Home":"Maison"}}')).toEqual({
      lines: { Home: 'Maison' },
    });
    expect(readLinesFile('\uFEFF{"Home":"Maison","Search":""}')).toEqual({ lines: { Home: 'Maison', Search: '' } });
  });

  it('takes a bare object with a "lines" line as lines', () => {
    expect(readLinesFile('{"lines":"Lignes"}')).toEqual({ lines: { lines: 'Lignes' } });
  });

  it('refuses malformed JSON, what is not an object, values that are not text and oversized lines', () => {
    for (const text of ['{"Home":', '[]', 'null', '"x"', '{"Home":1}', '{"lines":{"Home":null}}', '{}'])
      expect(readLinesFile(text), text).toHaveProperty('error');
    expect(readLinesFile(JSON.stringify({ ['k'.repeat(501)]: 'x' }))).toHaveProperty('error');
    expect(readLinesFile(JSON.stringify({ Home: 'x'.repeat(5001) }))).toHaveProperty('error');
    expect(readLinesFile('{"Home":5}')).toEqual({ error: 'The line "Home" is not text.' });
  });
});

describe('auditedLines', () => {
  it('names at most a hundred keys of each kind, with their counts', () => {
    const set = Array.from({ length: 150 }, (_, i) => `k${i}`);
    const sut = auditedLines({ set, removed: ['Home'] }, 'upload');
    expect(sut).toMatchObject({ via: 'upload', set_count: 150, removed_count: 1, removed: ['Home'] });
    expect(sut.set).toHaveLength(AUDITED_KEYS_MAX);
  });
});
