import { describe, expect, it } from 'vitest';
import { themeDeclarations } from './theme-declarations.ts';

describe('themeDeclarations', () => {
  it('lets only CSS custom properties through', () => {
    expect(themeDeclarations({ '--kosh-bg': '#fff', color: 'red', '--x;}': '1' })).toEqual([['--kosh-bg', '#fff']]);
  });
});
