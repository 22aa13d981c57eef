import { describe, expect, it } from 'vitest';
import { formatDuration, overallPercentage, secondsLeft } from './upload-format.ts';

describe('upload formats', () => {
  it('shows time left as a clock', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(74.2)).toBe('1:15');
    expect(formatDuration(3725)).toBe('1:02:05');
  });

  it('estimates time left from the speed, and the overall progress of what still runs', () => {
    expect(secondsLeft({ size: 1000, bytesUploaded: 400, speed: 200 })).toBe(3);
    expect(secondsLeft({ size: 1000, bytesUploaded: 400, speed: 0 })).toBeNull();
    expect(
      overallPercentage([
        { status: 'inProgress', size: 300, bytesUploaded: 150 },
        { status: 'pending', size: 100, bytesUploaded: 0 },
        { status: 'completed', size: 5000, bytesUploaded: 5000 },
      ]),
    ).toBe(37);
    expect(overallPercentage([{ status: 'failed', size: 3, bytesUploaded: 1 }])).toBe(0);
  });
});
