import clsx from 'clsx';
import { Download, Eye } from 'lucide-react';
import type { FileEntry } from '@kosh/contracts';
import { formatBytes } from '@kosh/contracts/format';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { FileIcon } from '../file-view/FileIcon.tsx';

type Props = { entry: FileEntry; canDownload: boolean; onPreview: () => void; onDownload: () => void };

/** A link to one file: its thumbnail or icon, name and size, with Preview and Download. */
export function FileLinkCard({ entry, canDownload, onPreview, onDownload }: Props) {
  const { trans } = useTrans();
  return (
    <div className="flex flex-1 items-start justify-center px-4 pt-8 pb-16 sm:items-center">
      <div
        data-testid="link-file"
        className={clsx(
          'flex w-full max-w-[440px] flex-col items-center gap-4 rounded-kosh-lg border border-divider bg-bg p-6',
          'text-center shadow-sm sm:p-8',
        )}
      >
        <button
          type="button"
          onClick={onPreview}
          aria-label={trans('Preview')}
          className="flex h-48 w-full items-center justify-center overflow-hidden rounded-kosh bg-bg-alt"
        >
          {entry.thumbnail_url ? (
            <img src={entry.thumbnail_url} alt="" className="size-full object-contain" />
          ) : (
            <FileIcon type={entry.type} size={64} />
          )}
        </button>
        <div className="w-full min-w-0">
          <p className="truncate text-base font-medium text-fg" title={entry.name}>
            {entry.name}
          </p>
          <p className="text-sm text-fg-muted">{formatBytes(entry.file_size)}</p>
        </div>
        <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
          <Button variant="secondary" onPress={onPreview} startIcon={<Eye size={18} aria-hidden />}>
            {trans('Preview')}
          </Button>
          {canDownload && (
            <Button onPress={onDownload} startIcon={<Download size={18} aria-hidden />}>
              {trans('Download')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
