import { describe, expect, it } from 'vitest';
import type { FileEntry } from '@kosh/contracts';
import { actionGroups, actionsFor } from './entry-actions.ts';

const file = (starred = false) => ({ type: 'pdf', is_starred: starred }) as Pick<FileEntry, 'type' | 'is_starred'>;
const folder = (starred = false) => ({ type: 'folder', is_starred: starred }) as Pick<FileEntry, 'type' | 'is_starred'>;

describe('actionsFor', () => {
  it('previews, renames and stars a single file', () => {
    expect(actionsFor('home', [file()])).toEqual(['preview', 'download', 'rename', 'move', 'copy', 'star', 'details', 'trash']);
  });

  it('opens a single folder instead of previewing it', () => {
    expect(actionsFor('folder', [folder(true)])).toEqual(['open', 'download', 'rename', 'move', 'copy', 'unstar', 'details', 'trash']);
  });

  it('offers no preview, rename or details for several entries', () => {
    expect(actionsFor('search', [file(), folder()])).toEqual(['download', 'move', 'copy', 'star', 'trash']);
  });

  it('stars a mixed selection and unstars only when all are starred', () => {
    expect(actionsFor('starred', [file(true), file(false)])).toContain('star');
    expect(actionsFor('starred', [file(true), file(false)])).not.toContain('unstar');
    expect(actionsFor('starred', [file(true), folder(true)])).toContain('unstar');
  });

  it('offers only restore and delete forever in trash', () => {
    expect(actionsFor('trash', [file(), folder()])).toEqual(['restore', 'deleteForever']);
    expect(actionsFor('trash', [file()])).toEqual(['details', 'restore', 'deleteForever']);
  });

  it('offers only looking, downloading and starring in shared-with-me', () => {
    expect(actionsFor('shares', [file()])).toEqual(['preview', 'download', 'star', 'details']);
  });

  it('offers nothing without a selection', () => {
    expect(actionsFor('home', [])).toEqual([]);
  });

  it('groups actions for menu dividers, dropping empty groups', () => {
    expect(actionGroups('home', [file(), file()])).toEqual([['download'], ['move', 'copy', 'star'], ['trash']]);
  });
});
