import {
  ArchiveRestore,
  Copy,
  Download,
  Eye,
  FolderInput,
  FolderOpen,
  Info,
  Pencil,
  Star,
  StarOff,
  Tag,
  Trash2,
  UserMinus,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import type { EntryAction } from './entry-actions.ts';

/** Label and icon of each action, shared by the context menu and the selection toolbar. */
export const ACTION_META: Record<EntryAction, { label: string; icon: LucideIcon; danger?: boolean }> = {
  open: { label: 'Open', icon: FolderOpen },
  preview: { label: 'Preview', icon: Eye },
  share: { label: 'Share', icon: UserPlus },
  download: { label: 'Download', icon: Download },
  star: { label: 'Add to starred', icon: Star },
  unstar: { label: 'Remove from starred', icon: StarOff },
  rename: { label: 'Rename', icon: Pencil },
  move: { label: 'Move to', icon: FolderInput },
  copy: { label: 'Make a copy', icon: Copy },
  tags: { label: 'Tags', icon: Tag },
  details: { label: 'Details', icon: Info },
  trash: { label: 'Move to trash', icon: Trash2 },
  leave: { label: 'Remove from shared with me', icon: UserMinus },
  restore: { label: 'Restore', icon: ArchiveRestore },
  deleteForever: { label: 'Delete forever', icon: Trash2, danger: true },
};
