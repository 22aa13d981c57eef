import type { FileEntry, SpaceUsage } from '@kosh/contracts';
import { formatBytes } from '@kosh/contracts/format';
import { suggestionPlace } from './search/suggestions.ts';

/** Above this share of the allowance the storage meter turns danger (UI.md). */
export const NEARLY_FULL_RATIO = 0.9;

/** The size column: folders show a dash, files their size in steps of 1024 (part 2, 9). */
export function entrySizeText(entry: Pick<FileEntry, 'type' | 'file_size'>): string {
  if (entry.type === 'folder' || entry.type === 'sharedFolder') return '—';
  return formatBytes(entry.file_size);
}

export type MeterState = { ratio: number; isNearlyFull: boolean; used: string; available: string | null };

/** The storage meter: "3.2 GB of 25 GB used", a bar from 0 to 1, danger above 90%. */
export function meterState(usage: SpaceUsage): MeterState {
  const used = formatBytes(usage.used);
  if (usage.available === null) return { ratio: 0, isNearlyFull: false, used, available: null };
  const ratio = usage.available > 0 ? Math.min(1, usage.used / usage.available) : 1;
  return { ratio, isNearlyFull: ratio > NEARLY_FULL_RATIO, used, available: formatBytes(usage.available) };
}

/** Splits "report.final.pdf" into ["report.final", ".pdf"] so rename selects the name only. */
export function splitExtension(name: string, isFolder: boolean): [string, string] {
  const dot = name.lastIndexOf('.');
  if (isFolder || dot <= 0 || dot === name.length - 1) return [name, ''];
  return [name.slice(0, dot), name.slice(dot)];
}

/** Where a trashed entry was deleted from (a restore puts it back there): its folder, or Home for the root. */
export function originLabel(entry: Pick<FileEntry, 'original_location'>, trans: (text: string) => string): string {
  return entry.original_location?.name ?? trans('Home');
}

/** Where a search result lives: its folder, Home at the root, Shared with me for the top of a share. */
export function locationLabel(
  entry: Pick<FileEntry, 'parent_id' | 'owner' | 'original_location'>,
  trans: (text: string) => string,
): string | null {
  const place = suggestionPlace(entry);
  if (!place) return null;
  if (place.kind === 'home') return trans('Home');
  if (place.kind === 'shared') return trans('Shared with me');
  return place.name;
}

/** The owner column: "me" for the caller's entries, the owner's name on entries shared with them. */
export function ownerLabel(
  entry: Pick<FileEntry, 'owner_id' | 'owner'>,
  userId: number | null,
  trans: (text: string) => string,
): string {
  if (userId !== null && entry.owner_id === userId) return trans('me');
  return entry.owner?.name || entry.owner?.email || '—';
}
