import { useState } from 'react';
import { Link2, Trash2, Users } from 'lucide-react';
import type { AdminFileRow } from '@kosh/contracts';
import { FileIcon } from '../../drive/file-view/FileIcon.tsx';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Avatar } from '../../shell/layout/Avatar.tsx';
import { adminFileUrls } from './admin-files.api.ts';

/** The thumbnail of an image when there is one (the type icon if it fails to load), else the type icon. */
export function FileThumb({ file, size = 32 }: { file: AdminFileRow; size?: number }) {
  const [isBroken, setBroken] = useState(false);
  if (file.has_thumbnail && !isBroken)
    return (
      <img
        src={adminFileUrls(file).thumbnail}
        alt=""
        loading="lazy"
        onError={() => setBroken(true)}
        style={{ width: size, height: size }}
        className="shrink-0 rounded-[4px] object-cover"
      />
    );
  return (
    <span className="flex shrink-0 items-center justify-center" style={{ width: size, height: size }}>
      <FileIcon type={file.type} size={Math.round(size * 0.7)} />
    </span>
  );
}

/** Icon or thumbnail, the name, and where it sits (folder or trash) under it. */
export function FileNameCell({ file }: { file: AdminFileRow }) {
  const { trans } = useTrans();
  const where = file.deleted_at
    ? trans('In trash')
    : file.parent
      ? trans('In :folder', { folder: file.parent.name })
      : file.workspace
        ? trans('Workspace :name', { name: file.workspace.name })
        : trans('Drive root');
  return (
    <div className="flex min-w-0 items-center gap-3">
      <FileThumb file={file} />
      <div className="min-w-0">
        <div className="truncate font-medium text-fg" title={file.name}>
          {file.name}
        </div>
        <div className="flex items-center gap-1 truncate text-xs text-fg-muted">
          {file.deleted_at && <Trash2 size={12} aria-hidden className="shrink-0" />}
          <span className="truncate">{where}</span>
        </div>
      </div>
    </div>
  );
}

/** The owner's avatar, name and email. */
export function OwnerCell({ file }: { file: AdminFileRow }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Avatar user={file.owner} size={28} />
      <div className="min-w-0">
        <div className="truncate text-fg">{file.owner.name}</div>
        <div className="truncate text-xs text-fg-muted">{file.owner.email}</div>
      </div>
    </div>
  );
}

/** Shared with people, by link, both, or a dash. */
export function SharingCell({ file }: { file: AdminFileRow }) {
  const { trans } = useTrans();
  if (!file.is_shared && !file.has_link) return <span className="text-fg-muted">{trans('Private')}</span>;
  return (
    <div className="flex flex-col gap-0.5 text-sm">
      {file.is_shared && (
        <span className="inline-flex items-center gap-1">
          <Users size={14} aria-hidden className="text-fg-muted" />
          {trans('People')}
        </span>
      )}
      {file.has_link && (
        <span className="inline-flex items-center gap-1">
          <Link2 size={14} aria-hidden className="text-fg-muted" />
          {trans('Link')}
        </span>
      )}
    </div>
  );
}
