import { type ReactNode, useState } from 'react';
import clsx from 'clsx';
import { Info, X } from 'lucide-react';
import type { FileEntry, FileType } from '@kosh/contracts';
import { formatBytes } from '@kosh/contracts/format';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { useFormatDate } from '../../shell/i18n/date-format.ts';
import { IconButton } from '../../ui/Button.tsx';
import { ownerLabel } from '../entry-format.ts';
import { FileIcon } from '../file-view/FileIcon.tsx';
import { DetailsAccess } from '../share/DetailsAccess.tsx';
import { TagChips } from '../tags/TagChips.tsx';
import { ChecksumField } from './ChecksumField.tsx';
import { iconTypeOf, isFolder } from '../file-types.ts';

const TYPE_LABELS: Record<FileType, string> = {
  default: 'File',
  audio: 'Audio',
  video: 'Video',
  text: 'Text',
  pdf: 'PDF',
  archive: 'Archive',
  folder: 'Folder',
  sharedFolder: 'Shared folder',
  image: 'Image',
  powerPoint: 'PowerPoint',
  word: 'Word',
  spreadsheet: 'Spreadsheet',
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-2">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-fg">{children}</dd>
    </div>
  );
}

/** The entry's thumbnail, or its type's icon when it has none or the image fails to load. */
function Preview({ entry, type }: { entry: FileEntry; type: FileType }) {
  const [isBroken, setBroken] = useState(false);
  if (entry.thumbnail_url && !isBroken)
    return (
      <img
        src={entry.thumbnail_url}
        alt=""
        data-testid="details-thumbnail"
        onError={() => setBroken(true)}
        className="size-full object-contain"
      />
    );
  return <FileIcon type={type} size={64} />;
}

type Props = {
  entries: FileEntry[];
  fallback: FileEntry | null;
  userId: number | null;
  isMobile: boolean;
  onClose: () => void;
  onShare?: (entry: FileEntry) => void;
};

/** Details of the selected entry (or the open folder): 360 px from the right, a bottom sheet on phones. */
export function DetailsPanel({ entries, fallback, userId, isMobile, onClose, onShare }: Props) {
  const { trans } = useTrans();
  const formatDate = useFormatDate();
  const entry = entries.length === 1 ? entries[0] : entries.length === 0 ? fallback : null;
  const type = entry ? iconTypeOf(entry, userId) : null;
  return (
    <aside
      aria-label={trans('Details')}
      data-testid="details-panel"
      className={clsx(
        'flex flex-col bg-bg',
        isMobile
          ? clsx(
              'fixed inset-x-0 bottom-0 z-40 max-h-[70dvh] animate-slide-up rounded-t-kosh-lg',
              'shadow-[0_-8px_24px_rgb(0_0_0/0.15)] ring-1 ring-divider',
            )
          : 'w-[360px] shrink-0 animate-fade-in border-l border-divider',
      )}
    >
      <div className="flex h-16 shrink-0 items-center gap-3 pr-2 pl-6">
        {type ? <FileIcon type={type} /> : <Info size={20} className="text-fg-muted" aria-hidden />}
        <h2 className="min-w-0 flex-1 truncate text-base font-medium text-fg" title={entry?.name}>
          {entry
            ? entry.name
            : entries.length > 1
              ? trans(':count items selected', { count: entries.length })
              : trans('Details')}
        </h2>
        <IconButton label={trans('Close details')} onPress={onClose}>
          <X size={20} aria-hidden />
        </IconButton>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-6 pb-6">
        {entry && type ? (
          <>
            <div className="mb-4 flex h-40 items-center justify-center overflow-hidden rounded-kosh bg-bg-alt">
              <Preview key={entry.id} entry={entry} type={type} />
            </div>
            <dl>
              <Field label={trans('Type')}>{trans(TYPE_LABELS[type])}</Field>
              {!isFolder(entry) && <Field label={trans('Size')}>{formatBytes(entry.file_size)}</Field>}
              <Field label={trans('Owner')}>{ownerLabel(entry, userId, trans)}</Field>
              <Field label={trans('Modified')}>{formatDate(entry.updated_at)}</Field>
              <Field label={trans('Created')}>{formatDate(entry.created_at)}</Field>
              {!!entry.tags?.length && (
                <Field label={trans('Tags')}>
                  <TagChips tags={entry.tags} className="flex-wrap" />
                </Field>
              )}
              {entry.deleted_at && <Field label={trans('Deleted')}>{formatDate(entry.deleted_at)}</Field>}
              {!isFolder(entry) && entry.sha256 && <ChecksumField sha256={entry.sha256} />}
            </dl>
            <DetailsAccess entry={entry} onManage={onShare && !entry.deleted_at ? () => onShare(entry) : undefined} />
          </>
        ) : (
          <p className="pt-8 text-center text-sm text-fg-muted">
            {trans('Select a file or folder to see its details.')}
          </p>
        )}
      </div>
    </aside>
  );
}
