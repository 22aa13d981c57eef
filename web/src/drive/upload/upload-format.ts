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
