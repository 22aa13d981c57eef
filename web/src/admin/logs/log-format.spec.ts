import { describe, expect, it } from 'vitest';
import { formatDuration, formatInterval, runOutputText } from './log-format.ts';

describe('formatDuration', () => {
  it('reads milliseconds, tenths of seconds, then minutes and seconds', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(0)).toBe('0 ms');
    expect(formatDuration(840)).toBe('840 ms');
    expect(formatDuration(2_440)).toBe('2.4 s');
    expect(formatDuration(185_000)).toBe('3 min 5 s');
  });

  it('never shows 60 seconds: a duration that rounds up moves to the next unit', () => {
    expect(formatDuration(59_960)).toBe('1 min 0 s');
    expect(formatDuration(119_999)).toBe('2 min 0 s');
  });
});

describe('formatInterval', () => {
  it('names the largest whole unit', () => {
    expect(formatInterval(86_400_000)).toBe('1 d');
    expect(formatInterval(3_600_000)).toBe('1 h');
    expect(formatInterval(7_200_000)).toBe('2 h');
    expect(formatInterval(900_000)).toBe('15 min');
    expect(formatInterval(1_500)).toBe('1.5 s');
  });
});

describe('runOutputText', () => {
  it('shows what a run reported as indented JSON, text as it is, nothing as nothing', () => {
    expect(runOutputText(null)).toBeNull();
    expect(runOutputText(undefined)).toBeNull();
    expect(runOutputText('clipped text')).toBe('clipped text');
    expect(runOutputText({ purged: 2 })).toBe('{\n  "purged": 2\n}');
  });
});
