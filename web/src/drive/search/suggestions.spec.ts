import { describe, expect, it } from 'vitest';
import { suggestionPlace, suggestionQuery, suggestionTarget } from './suggestions.ts';

describe('suggestionQuery', () => {
  it('trims the text and asks nothing for blanks', () => {
    expect(suggestionQuery('  report ')).toBe('report');
    expect(suggestionQuery('   ')).toBeNull();
    expect(suggestionQuery('')).toBeNull();
  });

  it('keeps within the 255 characters the listing accepts', () => {
    expect(suggestionQuery('a'.repeat(300))).toHaveLength(255);
  });
});

describe('suggestionPlace', () => {
  const owner = { id: 2, name: 'Ann', email: 'ann@example.com', image: null };

  it('names the folder the listing gives', () => {
    expect(suggestionPlace({ parent_id: 4, original_location: { hash: 'h', name: 'Taxes' } })).toEqual({
      kind: 'folder',
      name: 'Taxes',
    });
  });

  it('puts root entries in Home, and the top of a share under shared with me', () => {
    expect(suggestionPlace({ parent_id: null })).toEqual({ kind: 'home' });
    expect(suggestionPlace({ parent_id: null, owner })).toEqual({ kind: 'shared' });
  });

  it("puts what the listing places at the root in Home, even a workspace's entries that name an owner", () => {
    expect(suggestionPlace({ parent_id: null, owner, original_location: null })).toEqual({ kind: 'home' });
  });

  it('says nothing when the folder is not known', () => {
    expect(suggestionPlace({ parent_id: 9 })).toBeNull();
  });
});

describe('suggestionTarget', () => {
  it('opens folders and previews files', () => {
    expect(suggestionTarget({ type: 'folder', hash: 'abc' })).toEqual({ navigate: '/drive/folders/abc' });
    expect(suggestionTarget({ type: 'pdf', hash: 'abc' })).toEqual({ preview: true });
  });
});
