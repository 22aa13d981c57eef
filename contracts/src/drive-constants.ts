// The drive's limits and categories as plain values: the web app's first load reads them
// without the zod schemas of drive.ts.

/** File-type categories for icons (part 2, 3). `sharedFolder` is a UI variant of `folder`. */
export const FILE_TYPES = [
  'default',
  'audio',
  'video',
  'text',
  'pdf',
  'archive',
  'folder',
  'sharedFolder',
  'image',
  'powerPoint',
  'word',
  'spreadsheet',
] as const;
export type FileType = (typeof FILE_TYPES)[number];

export const DRIVE_PER_PAGE_DEFAULT = 50;
export const DRIVE_PER_PAGE_MAX = 200;
/** Default drive sort (part 2, 2 "Drive view state" and 9). */
export const DRIVE_DEFAULT_ORDER = { orderBy: 'updated_at', orderDir: 'desc' } as const;
export const DRIVE_ORDER_BY = ['name', 'updated_at', 'created_at', 'file_size', 'type'] as const;
export const DRIVE_SECTIONS = ['home', 'folder', 'shares', 'recent', 'starred', 'trash', 'search'] as const;
export type DriveSection = (typeof DRIVE_SECTIONS)[number];
/** Longest entry name, in UTF-8 bytes (the limit of common file systems). */
export const ENTRY_NAME_MAX_BYTES = 255;
/** Longest relativePath of a folder upload, in UTF-8 bytes. */
export const RELATIVE_PATH_MAX_BYTES = 4096;
/** Deepest folder nesting a relativePath may create. */
export const RELATIVE_PATH_MAX_DEPTH = 64;

const EXTENSION_TYPES: Array<[FileType, string[]]> = [
  ['pdf', ['pdf']],
  ['word', ['doc', 'docx', 'odt', 'rtf', 'pages']],
  ['spreadsheet', ['xls', 'xlsx', 'ods', 'csv', 'tsv', 'numbers']],
  ['powerPoint', ['ppt', 'pptx', 'odp', 'key']],
  ['archive', ['zip', 'rar', '7z', 'tar', 'gz', 'tgz', 'bz2', 'xz', 'zst']],
  ['text', ['txt', 'md', 'json', 'xml', 'html', 'htm', 'css', 'js', 'ts', 'log', 'yml', 'yaml', 'ini', 'sh', 'py']],
];

/** The icon category of a file, by its extension first and then by the first part of its MIME type (part 2, 3). */
export function fileTypeOf(
  mime: string | null | undefined,
  extension: string | null | undefined,
): Exclude<FileType, 'folder' | 'sharedFolder'> {
  const ext = (extension ?? '').toLowerCase();
  const m = (mime ?? '').toLowerCase();
  if (m === 'application/pdf') return 'pdf';
  for (const [type, list] of EXTENSION_TYPES)
    if (list.includes(ext)) return type as Exclude<FileType, 'folder' | 'sharedFolder'>;
  const top = m.split('/')[0];
  if (top === 'image' || top === 'video' || top === 'audio' || top === 'text') return top;
  if (/zip|compressed|x-tar|x-7z|x-rar/.test(m)) return 'archive';
  return 'default';
}

/** Ids one call names at most; a whole folder or the trash goes as a selection instead (BulkSelectionSchema). */
export const BULK_IDS_MAX = 1000;
/** The 422 of a longer list: readable, as the web shows server messages as they are. */
export const BULK_IDS_MESSAGE =
  'At most 1,000 items can be named in one request. Act on the whole folder instead, or send them in parts.';
