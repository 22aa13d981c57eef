import { describe, expect, it } from 'vitest';
import { barWidth, spaceLevel } from './space-level.ts';

describe('spaceLevel', () => {
  it('is fine up to 80 percent and for unlimited allowances', () => {
    expect(spaceLevel(0)).toBe('ok');
    expect(spaceLevel(80)).toBe('ok');
    expect(spaceLevel(null)).toBe('ok');
  });

  it('warns over 80 percent up to a full allowance', () => {
    expect(spaceLevel(80.1)).toBe('warning');
    expect(spaceLevel(100)).toBe('warning');
  });

  it('is danger over a full allowance', () => {
    expect(spaceLevel(100.1)).toBe('danger');
    expect(spaceLevel(250)).toBe('danger');
  });
});

describe('barWidth', () => {
  it('caps at a full bar', () => {
    expect(barWidth(250, 10)).toBe(100);
  });

  it('shows a sliver for a little use and nothing for none', () => {
    expect(barWidth(0.1, 10)).toBe(2);
    expect(barWidth(0, 0)).toBe(0);
    expect(barWidth(45.5, 10)).toBe(45.5);
  });

  it('draws no bar for an unlimited allowance', () => {
    expect(barWidth(null, 10)).toBe(0);
  });
});
