import type { FileEntry, FileType } from '@kosh/contracts';

/** What the previewer can show of a file. */
export type PreviewKind = 'image' | 'video' | 'audio' | 'pdf' | 'text' | 'none';

// Types the browser itself decodes; HEIC, TIFF, PSD and the like only download.
const IMAGE_MIMES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/svg+xml',
  'image/x-icon',
  'image/vnd.microsoft.icon',
]);
const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'bmp', 'svg', 'ico']);
const VIDEO_EXTENSIONS = new Set(['mp4', 'm4v', 'webm', 'ogv', 'mov']);
const AUDIO_EXTENSIONS = new Set(['mp3', 'm4a', 'aac', 'wav', 'ogg', 'oga', 'opus', 'flac', 'weba']);
// Plain text and source code the text previewer shows as is.
const TEXT_EXTENSIONS = new Set(
  [
    'txt md markdown csv tsv log json jsonl xml yml yaml toml ini conf cfg env',
    'sh bash zsh ps1 bat html htm css scss less js mjs cjs jsx ts tsx py rb php java kt kts go rs',
    'c h cc cpp hpp cs swift sql r lua pl dart vue svelte gradle properties srt vtt diff patch',
  ]
    .join(' ')
    .split(' '),
);
const TEXT_MIMES = /^(text\/|application\/(json|xml|javascript|x-sh|x-yaml|yaml|sql|x-httpd-php|ld\+json|toml))/;
// Browsers do not play these; video/mp2t is also what mime tables say for TypeScript (.ts).
const UNPLAYABLE_VIDEO = new Set([
  'video/x-msvideo',
  'video/x-ms-wmv',
  'video/x-flv',
  'video/x-matroska',
  'video/mp2t',
]);

const lower = (value: string | null | undefined) => (value ?? '').toLowerCase();

/**
 * The icon category of an entry (spec part 2, 3): the server's type, folders owned by
 * someone else or shared by the caller shown as shared folders, and `default` for anything unknown.
 */
export function iconTypeOf(
  entry: Pick<FileEntry, 'type' | 'owner_id'> & { is_shared?: boolean },
  userId?: number | null,
): FileType {
  if (entry.type === 'folder' || entry.type === 'sharedFolder') {
    return entry.type === 'sharedFolder' || entry.is_shared || (userId != null && entry.owner_id !== userId)
      ? 'sharedFolder'
      : 'folder';
  }
  return entry.type ?? 'default';
}

export const isFolder = (entry: Pick<FileEntry, 'type'>) => entry.type === 'folder' || entry.type === 'sharedFolder';

/** Which viewer a file opens in, by its MIME type and then its extension. */
export function previewKindOf(entry: Pick<FileEntry, 'type' | 'mime' | 'extension'>): PreviewKind {
  if (isFolder(entry)) return 'none';
  const mime = lower(entry.mime);
  const ext = lower(entry.extension);
  if (mime === 'application/pdf' || ext === 'pdf') return 'pdf';
  if (
    IMAGE_MIMES.has(mime) ||
    (!mime.startsWith('image/') && IMAGE_EXTENSIONS.has(ext)) ||
    (mime === 'application/octet-stream' && IMAGE_EXTENSIONS.has(ext))
  )
    return 'image';
  if (mime.startsWith('image/')) return 'none';
  if (
    (mime.startsWith('video/') && !UNPLAYABLE_VIDEO.has(mime)) ||
    (!mime.startsWith('video/') && VIDEO_EXTENSIONS.has(ext))
  )
    return 'video';
  if (mime.startsWith('audio/') || AUDIO_EXTENSIONS.has(ext)) return 'audio';
  if (TEXT_MIMES.test(mime) || TEXT_EXTENSIONS.has(ext)) return 'text';
  return 'none';
}
