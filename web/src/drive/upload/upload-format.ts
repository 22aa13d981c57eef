import type { UploadItem } from './upload-queue.ts';

/** 75 -> "1:15", 3725 -> "1:02:05" (a clock-style duration needs no translation). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** Seconds until a running upload ends at its current speed; null before a speed is known. */
export function secondsLeft(item: Pick<UploadItem, 'size' | 'bytesUploaded' | 'speed'>): number | null {
  if (item.speed <= 0) return null;
  return Math.max(0, item.size - item.bytesUploaded) / item.speed;
}

/** Overall progress of the uploads still to finish, 0-100. */
export function overallPercentage(items: readonly Pick<UploadItem, 'status' | 'size' | 'bytesUploaded'>[]): number {
  const active = items.filter((i) => i.status === 'pending' || i.status === 'inProgress');
  const total = active.reduce((n, i) => n + i.size, 0);
  if (!active.length) return 0;
  if (!total) return 0;
  return Math.min(100, Math.floor((active.reduce((n, i) => n + i.bytesUploaded, 0) / total) * 100));
}

export type UploadCounts = {
  active: number;
  completed: number;
  failed: number;
  aborted: number;
  /** Uploads of an earlier visit that can be resumed. */
  interrupted: number;
};
type Translate = (line: string, values: { count: number }) => string;

export function countUploads(items: readonly Pick<UploadItem, 'status'>[], interrupted = 0): UploadCounts {
  const count = (...statuses: UploadItem['status'][]) => items.filter((i) => statuses.includes(i.status)).length;
  return {
    active: count('pending', 'inProgress'),
    completed: count('completed'),
    failed: count('failed'),
    aborted: count('aborted'),
    interrupted,
  };
}

// The first state named carries the noun ("2 uploads failed"), the ones after it only the count.
const STATES = [
  // Completed always comes first, so it never needs the short form.
  ['completed', ['1 upload complete', ':count uploads complete'], ':count uploads complete'],
  ['failed', ['1 upload failed', ':count uploads failed'], ':count failed'],
  ['aborted', ['1 upload aborted', ':count uploads aborted'], ':count aborted'],
  ['interrupted', ['1 upload interrupted', ':count uploads interrupted'], ':count interrupted'],
] as const;

/**
 * The upload panel's header: "Uploading 3 items" while anything runs; after that every state
 * there is, e.g. "2 uploads complete, 1 failed" or "1 upload aborted".
 */
export function uploadsTitle(counts: UploadCounts, trans: Translate): string {
  if (counts.active) {
    return trans(counts.active === 1 ? 'Uploading 1 item' : 'Uploading :count items', { count: counts.active });
  }
  const parts: string[] = [];
  for (const [state, [one, many], short] of STATES) {
    const count = counts[state];
    if (!count) continue;
    parts.push(trans(parts.length ? short : count === 1 ? one : many, { count }));
  }
  return parts.join(', ');
}
