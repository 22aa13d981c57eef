import type { ReactNode } from 'react';
import {
  Clock,
  FolderOpen,
  FolderX,
  HardDrive,
  Link2Off,
  Search,
  Star,
  Trash2,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import type { DriveSection } from '../actions/entry-actions.ts';

type Copy = { icon: LucideIcon; heading: string; help: string };

/** One heading and one line of help per section (UI.md "Empty states"). */
const COPY: Record<DriveSection | 'searchPrompt' | 'missingFolder' | 'missingLink' | 'emptyLinkFolder', Copy> = {
  home: { icon: HardDrive, heading: 'Your drive is empty', help: 'Drop files here or use the New button' },
  folder: { icon: FolderOpen, heading: 'This folder is empty', help: 'Drop files here or use the New button' },
  shares: {
    icon: Users,
    heading: 'Nothing is shared with you yet',
    help: 'Files and folders others share with you will show up here.',
  },
  recent: { icon: Clock, heading: 'No recent files', help: 'Files you open or change will show up here.' },
  starred: { icon: Star, heading: 'No starred files', help: 'Star files and folders to find them quickly.' },
  trash: { icon: Trash2, heading: 'Trash is empty', help: 'Items moved to trash will show up here.' },
  search: { icon: Search, heading: 'No files match your search', help: 'Try other words or fewer filters.' },
  searchPrompt: {
    icon: Search,
    heading: 'Search your drive',
    help: 'Type a name in the search box or pick a type or a date.',
  },
  missingFolder: {
    icon: FolderX,
    heading: 'This folder does not exist',
    help: 'It may have been moved to trash or deleted.',
  },
  missingLink: {
    icon: Link2Off,
    heading: 'This link does not exist',
    help: 'It may have been turned off, deleted or expired.',
  },
  emptyLinkFolder: {
    icon: FolderOpen,
    heading: 'This folder is empty',
    help: 'Files put in this folder will show up here.',
  },
};

export type EmptyKind = keyof typeof COPY;

/** A 64 px muted icon, a heading, a line of help and the main action. */
export function EmptyState({ kind, action }: { kind: EmptyKind; action?: ReactNode }) {
  const { trans } = useTrans();
  const { icon: Icon, heading, help } = COPY[kind];
  return (
    <div
      data-testid="empty-state"
      className="flex flex-1 flex-col items-center justify-center gap-2 px-6 py-16 text-center"
    >
      <Icon size={64} strokeWidth={1.25} className="mb-2 text-fg-muted" aria-hidden />
      <h2 className="text-xl font-medium text-fg">{trans(heading)}</h2>
      <p className="max-w-[420px] text-sm text-fg-muted">{trans(help)}</p>
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}
