import { describe, expect, it } from 'vitest';
import { interpolate } from '@kosh/contracts/format';
import { countUploads, formatDuration, overallPercentage, secondsLeft, uploadsTitle } from './upload-format.ts';
import type { UploadStatus } from './upload-queue.ts';

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

describe('uploadsTitle', () => {
  const english = (line: string, values: { count: number }) => interpolate(line, values);
  const title = (statuses: UploadStatus[], interrupted = 0) =>
    uploadsTitle(
      countUploads(
        statuses.map((status) => ({ status })),
        interrupted,
      ),
      english,
    );

  it('counts what still runs, pending included, while anything runs', () => {
    expect(title(['inProgress'])).toBe('Uploading 1 item');
    expect(title(['inProgress', 'pending', 'pending'])).toBe('Uploading 3 items');
    expect(title(['inProgress', 'completed', 'failed', 'aborted'], 2)).toBe('Uploading 1 item');
  });

  it('names completed uploads once nothing runs', () => {
    expect(title(['completed'])).toBe('1 upload complete');
    expect(title(['completed', 'completed', 'completed'])).toBe('3 uploads complete');
  });

  it('never calls failed or aborted uploads complete', () => {
    expect(title(['failed'])).toBe('1 upload failed');
    expect(title(['failed', 'failed'])).toBe('2 uploads failed');
    expect(title(['aborted'])).toBe('1 upload aborted');
    expect(title(['aborted', 'aborted', 'aborted'])).toBe('3 uploads aborted');
  });

  it('names every state of a mixed queue, the first with the noun', () => {
    expect(title(['completed', 'failed'])).toBe('1 upload complete, 1 failed');
    expect(title(['completed', 'completed', 'aborted'])).toBe('2 uploads complete, 1 aborted');
    expect(title(['failed', 'aborted', 'aborted'])).toBe('1 upload failed, 2 aborted');
    expect(title(['aborted', 'completed', 'failed', 'failed'])).toBe('1 upload complete, 2 failed, 1 aborted');
  });

  it('counts uploads interrupted on an earlier visit', () => {
    expect(title([], 1)).toBe('1 upload interrupted');
    expect(title([], 4)).toBe('4 uploads interrupted');
    expect(title(['completed'], 2)).toBe('1 upload complete, 2 interrupted');
    expect(title(['inProgress'], 2)).toBe('Uploading 1 item');
  });
});
