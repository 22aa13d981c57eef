import clsx from 'clsx';
import {
  File,
  FileArchive,
  FileImage,
  FileMusic,
  FilePenLine,
  FileSpreadsheet,
  FileText,
  FileType2,
  FileVideo,
  Folder,
  FolderSymlink,
  Presentation,
  type LucideIcon,
} from 'lucide-react';
import type { FileType } from '@kosh/contracts';

/** One lucide icon and one theme colour per category of spec part 2, 3. */
const ICONS: Record<FileType, { icon: LucideIcon; tone: string }> = {
  default: { icon: File, tone: 'text-fg-muted' },
  audio: { icon: FileMusic, tone: 'text-primary' },
  video: { icon: FileVideo, tone: 'text-danger' },
  text: { icon: FileType2, tone: 'text-fg-muted' },
  pdf: { icon: FileText, tone: 'text-danger' },
  archive: { icon: FileArchive, tone: 'text-fg-muted' },
  folder: { icon: Folder, tone: 'text-fg-muted' },
  sharedFolder: { icon: FolderSymlink, tone: 'text-fg-muted' },
  image: { icon: FileImage, tone: 'text-danger' },
  powerPoint: { icon: Presentation, tone: 'text-danger' },
  word: { icon: FilePenLine, tone: 'text-primary' },
  spreadsheet: { icon: FileSpreadsheet, tone: 'text-positive' },
};

export function FileIcon({ type, size = 20, className }: { type: FileType; size?: number; className?: string }) {
  const { icon: Icon, tone } = ICONS[type] ?? ICONS.default;
  const isFolder = type === 'folder' || type === 'sharedFolder';
  return (
    <Icon
      size={size}
      aria-hidden
      data-file-type={type}
      className={clsx('shrink-0', tone, isFolder && 'fill-current/20', className)}
    />
  );
}
