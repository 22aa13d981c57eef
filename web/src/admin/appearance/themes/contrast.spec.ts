import { describe, expect, it } from 'vitest';
import { contrastIssues, contrastRatio, parseHex, relativeLuminance } from './contrast.ts';

describe('contrast', () => {
  describe('parseHex', () => {
    it('reads six and three digit colours', () => {
      expect(parseHex('#1a73e8')).toEqual([26, 115, 232]);
      expect(parseHex('#fff')).toEqual([255, 255, 255]);
    });
    it('refuses anything else', () => {
      expect(parseHex('blue')).toBeUndefined();
      expect(parseHex('#12345')).toBeUndefined();
    });
  });

  describe('relativeLuminance', () => {
    it('is 0 for black and 1 for white', () => {
      expect(relativeLuminance('#000000')).toBe(0);
      expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 5);
    });
  });

  describe('contrastRatio', () => {
    it('is 21 for black on white, in either order', () => {
      expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
      expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    });
    it('matches the WCAG figure for the default primary on white', () => {
      expect(contrastRatio('#1a73e8', '#ffffff')).toBeCloseTo(4.5, 1);
    });
    it('is undefined when a value is not a colour', () => {
      expect(contrastRatio('nope', '#ffffff')).toBeUndefined();
    });
  });

  describe('contrastIssues', () => {
    const values = {
      '--kosh-bg': '#ffffff',
      '--kosh-bg-alt': '#f6f8fb',
      '--kosh-bg-chip': '#e8f0fe',
      '--kosh-fg': '#1f2328',
      '--kosh-fg-muted': '#5f6670',
      '--kosh-primary': '#1a73e8',
      '--kosh-on-primary': '#ffffff',
      '--kosh-danger': '#d93025',
    };
    it('finds nothing in the default light theme', () => {
      for (const token of Object.keys(values)) expect(contrastIssues(token, values)).toEqual([]);
    });
    it('reports each low pair for the token on either side', () => {
      const pale = { ...values, '--kosh-fg': '#dddddd' };
      expect(contrastIssues('--kosh-fg', pale).map((i) => i.other)).toEqual([
        '--kosh-bg',
        '--kosh-bg-alt',
        '--kosh-bg-chip',
      ]);
      expect(contrastIssues('--kosh-bg', pale).map((i) => i.other)).toContain('--kosh-fg');
    });
  });
});
