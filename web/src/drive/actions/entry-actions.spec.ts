import { describe, expect, it } from 'vitest';
import type { FileEntry } from '@kosh/contracts';
import { actionGroups, actionsFor } from './entry-actions.ts';

type Entry = Pick<FileEntry, 'type' | 'is_starred' | 'permission'>;
const file = (starred = false, permission?: Entry['permission']): Entry => ({
  type: 'pdf',
  is_starred: starred,
  permission,
});
const folder = (starred = false): Entry => ({ type: 'folder', is_starred: starred });

describe('actionsFor', () => {
  it('previews, renames and stars a single file', () => {
    expect(actionsFor('home', [file()])).toEqual([
      'preview',
      'share',
      'download',
      'rename',
      'move',
      'copy',
      'star',
      'tags',
      'details',
      'trash',
    ]);
  });

  it('opens a single folder instead of previewing it', () => {
    expect(actionsFor('folder', [folder(true)])).toEqual([
      'open',
      'share',
      'download',
      'rename',
      'move',
      'copy',
      'unstar',
      'tags',
      'details',
      'trash',
    ]);
  });

  it('offers no preview, rename or details for several entries, and shares them together', () => {
    expect(actionsFor('search', [file(), folder()])).toEqual([
      'share',
      'download',
      'move',
      'copy',
      'star',
      'tags',
      'trash',
    ]);
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

  it('offers in shared-with-me what the permission allows, and leaving instead of trash', () => {
    expect(actionsFor('shares', [file(false, 'view')])).toEqual(['preview', 'star', 'details', 'leave']);
    expect(actionsFor('shares', [file(false, 'download')])).toEqual([
      'preview',
      'download',
      'copy',
      'star',
      'details',
      'leave',
    ]);
    expect(actionsFor('shares', [file(false, 'edit')])).toEqual([
      'preview',
      'download',
      'rename',
      'copy',
      'star',
      'tags',
      'details',
      'leave',
    ]);
  });

  it("lets a shared folder's contents be changed only with edit, and never shared on", () => {
    expect(actionsFor('folder', [file(false, 'edit')])).toEqual([
      'preview',
      'download',
      'rename',
      'move',
      'copy',
      'star',
      'tags',
      'details',
      'trash',
    ]);
    expect(actionsFor('search', [file(false, 'view'), file()])).toEqual(['star']);
  });

  it('offers nothing without a selection', () => {
    expect(actionsFor('home', [])).toEqual([]);
  });

  it('groups actions for menu dividers, dropping empty groups', () => {
    expect(actionGroups('home', [file(), file()])).toEqual([
      ['share', 'download'],
      ['move', 'copy', 'star', 'tags'],
      ['trash'],
    ]);
  });
});
