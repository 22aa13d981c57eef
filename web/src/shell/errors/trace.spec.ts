import { describe, expect, it } from 'vitest';
import type { TraceFrame } from '@kosh/contracts';
import { initialFrame, snippetLines, vendorGroupLabelKey } from './trace.ts';

const frame = (flatIndex: number, over: Partial<TraceFrame> = {}): TraceFrame => ({
  path: `f${flatIndex}.ts`,
  lineNumber: 3,
  method: `m${flatIndex}`,
  flatIndex,
  codeSnippet: {},
  ...over,
});

describe('initialFrame', () => {
  it('selects the first application frame', () => {
    expect(initialFrame([{ vendorGroup: true, items: [frame(0)] }, frame(1)])?.flatIndex).toBe(1);
  });

  it('falls back to the first vendor frame', () => {
    expect(initialFrame([{ vendorGroup: true, items: [frame(0), frame(1)] }])?.flatIndex).toBe(0);
    expect(initialFrame([])).toBeUndefined();
  });
});

describe('vendorGroupLabelKey', () => {
  it('reads one frame or :count frames', () => {
    expect(vendorGroupLabelKey(1)).toBe('1 vendor frame');
    expect(vendorGroupLabelKey(5)).toBe(':count vendor frames');
  });
});

describe('snippetLines', () => {
  it('orders the lines and marks the failing one', () => {
    const lines = snippetLines(frame(0, { lineNumber: 10, codeSnippet: { '11': 'c', '9': 'a', '10': 'b' } }));
    expect(lines.map((l) => [l.number, l.isFailing])).toEqual([
      [9, false],
      [10, true],
      [11, false],
    ]);
  });
});
