import type { FileEntry } from '@kosh/contracts';
import { isFolder } from '../file-types.ts';

export type DriveSection = 'home' | 'folder' | 'shares' | 'recent' | 'starred' | 'trash' | 'search';

export type EntryAction = 'open' | 'preview' | 'download' | 'star' | 'unstar' | 'rename' | 'move' | 'copy' | 'details' | 'trash' | 'restore' | 'deleteForever';

/** Menu groups, separated by dividers; the order within a group is the menu's. */
const GROUPS: EntryAction[][] = [['open', 'preview'], ['download'], ['rename', 'move', 'copy', 'star', 'unstar'], ['details'], ['restore', 'trash', 'deleteForever']];

type Entry = Pick<FileEntry, 'type' | 'is_starred'>;

function applies(action: EntryAction, section: DriveSection, entries: readonly Entry[]): boolean {
  const one = entries.length === 1 ? entries[0] : undefined;
  if (section === 'trash') return action === 'restore' || action === 'deleteForever' || (action === 'details' && !!one);
  // Until the sharing issue brings per-entry permissions, others' entries are only looked at and downloaded.
  if (section === 'shares' && !['open', 'preview', 'download', 'details', 'star', 'unstar'].includes(action)) return false;
  switch (action) {
    case 'open':
      return !!one && isFolder(one);
    case 'preview':
      return !!one && !isFolder(one);
    case 'rename':
    case 'details':
      return !!one;
    case 'star':
      return entries.some((e) => !e.is_starred);
    case 'unstar':
      return entries.every((e) => e.is_starred);
    case 'download':
    case 'move':
    case 'copy':
    case 'trash':
      return true;
    default:
      return false;
  }
}

/**
 * The actions that apply to a selection in a section, grouped for menus and toolbars:
 * trash offers restore and delete forever only; shared-with-me no changes; elsewhere a single folder opens, a single
 * file previews, one entry renames, and star or unstar follows what is already starred.
 */
export function actionGroups(section: DriveSection, entries: readonly Entry[]): EntryAction[][] {
  if (!entries.length) return [];
  return GROUPS.map((group) => group.filter((action) => applies(action, section, entries))).filter((group) => group.length > 0);
}

export const actionsFor = (section: DriveSection, entries: readonly Entry[]) => actionGroups(section, entries).flat();

/** Keyboard shortcut hints shown right-aligned in menus. */
export const ACTION_SHORTCUTS: Partial<Record<EntryAction, string>> = { rename: 'F2', trash: 'Delete', deleteForever: 'Delete', open: 'Enter', preview: 'Enter' };
