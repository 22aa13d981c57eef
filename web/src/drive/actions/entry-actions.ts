import type { FileEntry } from '@kosh/contracts';
import { isFolder } from '../file-types.ts';

export type DriveSection = 'home' | 'folder' | 'shares' | 'recent' | 'starred' | 'trash' | 'search';

export type EntryAction =
  | 'open'
  | 'preview'
  | 'share'
  | 'download'
  | 'star'
  | 'unstar'
  | 'rename'
  | 'move'
  | 'copy'
  | 'tags'
  | 'details'
  | 'trash'
  | 'leave'
  | 'restore'
  | 'deleteForever';

/** Menu groups, separated by dividers; the order within a group is the menu's. */
const GROUPS: EntryAction[][] = [
  ['open', 'preview'],
  ['share', 'download'],
  ['rename', 'move', 'copy', 'star', 'unstar', 'tags'],
  ['details'],
  ['restore', 'trash', 'leave', 'deleteForever'],
];

type Entry = Pick<FileEntry, 'type' | 'is_starred' | 'permission'>;

const RANK = { view: 1, download: 2, edit: 3, owner: 4 } as const;
/** The caller's access to an entry: their own (no permission field), or what the share grants. */
const levelOf = (entry: Entry) => RANK[entry.permission ?? 'owner'];
const allAtLeast = (entries: readonly Entry[], need: keyof typeof RANK) =>
  entries.every((e) => levelOf(e) >= RANK[need]);

function applies(action: EntryAction, section: DriveSection, entries: readonly Entry[]): boolean {
  const one = entries.length === 1 ? entries[0] : undefined;
  if (section === 'trash') return action === 'restore' || action === 'deleteForever' || (action === 'details' && !!one);
  // Shared with me lists the tops of shares: they stay where their owner put them, and leaving replaces trashing.
  if (section === 'shares' && (action === 'move' || action === 'trash')) return false;
  if (action === 'leave') return section === 'shares';
  switch (action) {
    case 'share':
      return allAtLeast(entries, 'owner');
    case 'open':
      return !!one && isFolder(one);
    case 'preview':
      return !!one && !isFolder(one);
    case 'rename':
      return !!one && allAtLeast(entries, 'edit');
    case 'details':
      return !!one;
    case 'star':
      return entries.some((e) => !e.is_starred);
    case 'unstar':
      return entries.every((e) => e.is_starred);
    case 'download':
    case 'copy':
      return allAtLeast(entries, 'download');
    case 'move':
    case 'trash':
    case 'tags':
      return allAtLeast(entries, 'edit');
    default:
      return false;
  }
}

/**
 * The actions that apply to a selection in a section, grouped for menus and toolbars:
 * trash offers restore and delete forever only; elsewhere a single folder opens, a single file previews, and star
 * or unstar follows what is already starred. Entries shared with the caller offer what their permission allows
 * (view: look; download: also download and copy; edit: also rename, move and trash); only the owner shares.
 */
export function actionGroups(section: DriveSection, entries: readonly Entry[]): EntryAction[][] {
  if (!entries.length) return [];
  return GROUPS.map((group) => group.filter((action) => applies(action, section, entries))).filter(
    (group) => group.length > 0,
  );
}

export const actionsFor = (section: DriveSection, entries: readonly Entry[]) => actionGroups(section, entries).flat();

/** Keyboard shortcut hints shown right-aligned in menus. */
export const ACTION_SHORTCUTS: Partial<Record<EntryAction, string>> = {
  rename: 'F2',
  trash: 'Delete',
  deleteForever: 'Delete',
  open: 'Enter',
  preview: 'Enter',
};
