import { describe, expect, it } from 'vitest';
import type { FileEntry, FileType } from '@kosh/contracts';
import { iconTypeOf, isFolder, previewKindOf } from './file-types.ts';

const file = (type: FileType, mime: string | null, extension: string | null) =>
  ({ type, mime, extension, owner_id: 1 }) as Pick<FileEntry, 'type' | 'mime' | 'extension' | 'owner_id'>;

describe('iconTypeOf', () => {
  it('keeps the category the server gave every file type', () => {
    for (const type of [
      'default',
      'audio',
      'video',
      'text',
      'pdf',
      'archive',
      'image',
      'powerPoint',
      'word',
      'spreadsheet',
    ] as const) {
      expect(iconTypeOf(file(type, null, null), 1)).toBe(type);
    }
  });

  it('shows a folder owned by someone else as a shared folder', () => {
    expect(iconTypeOf(file('folder', null, null), 1)).toBe('folder');
    expect(iconTypeOf(file('folder', null, null), 2)).toBe('sharedFolder');
    expect(iconTypeOf(file('sharedFolder', null, null), 1)).toBe('sharedFolder');
  });

  it('tells folders from files', () => {
    expect(isFolder(file('folder', null, null))).toBe(true);
    expect(isFolder(file('pdf', 'application/pdf', 'pdf'))).toBe(false);
  });
});

describe('previewKindOf', () => {
  it.each([
    ['image', 'image/png', 'png', 'image'],
    ['image', 'image/svg+xml', 'svg', 'image'],
    ['image', 'image/heic', 'heic', 'none'],
    ['image', 'image/tiff', 'tif', 'none'],
    ['default', 'application/octet-stream', 'jpg', 'image'],
    ['video', 'video/mp4', 'mp4', 'video'],
    ['video', 'video/x-msvideo', 'avi', 'none'],
    ['audio', 'audio/mpeg', 'mp3', 'audio'],
    ['default', null, 'flac', 'audio'],
    ['pdf', 'application/pdf', 'pdf', 'pdf'],
    ['default', 'application/octet-stream', 'PDF', 'pdf'],
    ['text', 'text/plain', 'txt', 'text'],
    ['text', 'application/json', 'json', 'text'],
    ['default', 'application/octet-stream', 'tsx', 'text'],
    ['video', 'video/mp2t', 'ts', 'text'],
    ['spreadsheet', 'text/csv', 'csv', 'text'],
    ['word', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx', 'none'],
    ['archive', 'application/zip', 'zip', 'none'],
    ['default', null, null, 'none'],
  ] as const)('%s %s .%s opens as %s', (type, mime, ext, kind) => {
    expect(previewKindOf(file(type, mime, ext))).toBe(kind);
  });

  it('never previews a folder', () => {
    expect(previewKindOf(file('folder', null, null))).toBe('none');
  });
});
