import { useState } from 'react';
import clsx from 'clsx';
import { ChevronDown, ChevronUp, CircleAlert, CircleCheck, RotateCw, X } from 'lucide-react';
import { ProgressBar } from 'react-aria-components';
import { formatBytes } from '@kosh/contracts/format';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button, IconButton } from '../../ui/Button.tsx';
import { FileIcon } from '../file-view/FileIcon.tsx';
import { InterruptedRow } from './InterruptedRow.tsx';
import type { InterruptedUpload, InterruptedUploads } from './interrupted-uploads.ts';
import { countUploads, formatDuration, overallPercentage, secondsLeft, uploadsTitle } from './upload-format.ts';
import type { UploadItem, UploadQueue } from './upload-queue.ts';

const isActive = (item: UploadItem) => item.status === 'pending' || item.status === 'inProgress';

/** The second line of a row: sizes, speed and time left while running; else the state. */
function RowDetail({ item }: { item: UploadItem }) {
  const { trans } = useTrans();
  if (item.status === 'failed') {
    const message = item.errorMessage || trans('Upload failed');
    return (
      <div className="truncate text-xs text-danger" title={message}>
        {message}
      </div>
    );
  }
  const parts: string[] = [];
  if (item.status === 'inProgress') {
    parts.push(
      trans(':uploaded of :total', { uploaded: formatBytes(item.bytesUploaded), total: formatBytes(item.size) }),
    );
    if (item.speed > 0) parts.push(trans(':speed/s', { speed: formatBytes(item.speed) }));
    const left = secondsLeft(item);
    if (left !== null) parts.push(trans(':time left', { time: formatDuration(left) }));
  } else {
    parts.push(formatBytes(item.size));
    if (item.status === 'pending') parts.push(trans('Pending'));
    if (item.status === 'aborted') parts.push(trans('Aborted'));
  }
  return <div className="truncate text-xs text-fg-muted tabular-nums">{parts.join(' · ')}</div>;
}

function UploadRow({ item, queue }: { item: UploadItem; queue: UploadQueue }) {
  const { trans } = useTrans();
  return (
    <li
      className="flex min-h-14 items-center gap-3 px-4 py-2"
      data-upload-status={item.status}
      data-testid="upload-row"
    >
      <FileIcon type={item.entry?.type ?? 'default'} />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline gap-2">
          <span className="min-w-0 flex-1 truncate text-sm text-fg" title={item.relativePath || item.name}>
            {item.name}
          </span>
          {item.status === 'inProgress' && (
            <span className="shrink-0 text-xs text-fg-muted tabular-nums">{item.percentage}%</span>
          )}
        </div>
        {isActive(item) && (
          <ProgressBar
            value={item.percentage}
            aria-label={item.name}
            className="my-1 h-1 w-full overflow-hidden rounded-full bg-divider"
          >
            <div
              className="h-full bg-primary transition-[width] duration-125"
              style={{ width: `${item.percentage}%` }}
            />
          </ProgressBar>
        )}
        <RowDetail item={item} />
      </div>
      {item.status === 'completed' && (
        <CircleCheck size={20} className="shrink-0 text-positive" aria-label={trans('Completed')} />
      )}
      {item.status === 'failed' && (
        <CircleAlert size={20} className="shrink-0 text-danger" aria-label={trans('Failed')} />
      )}
      {(item.status === 'failed' || item.status === 'aborted') && (
        <IconButton label={trans('Retry')} size="sm" onPress={() => queue.retry(item.id)} showTooltip={false}>
          <RotateCw size={18} aria-hidden />
        </IconButton>
      )}
      {isActive(item) && (
        <IconButton label={trans('Cancel upload')} size="sm" onPress={() => queue.abort(item.id)} showTooltip={false}>
          <X size={18} aria-hidden />
        </IconButton>
      )}
    </li>
  );
}

export type UploadPanelProps = {
  uploader: UploadQueue;
  items: readonly UploadItem[];
  interrupted: InterruptedUploads;
  interruptedUploads: readonly InterruptedUpload[];
  /** Names of interrupted uploads the server no longer had. */
  dropped: readonly string[];
};

/** Bottom-right card of UI.md: the upload queue with progress; retry, clear, minimise, close. */
export function UploadPanel({ uploader, items, interrupted, interruptedUploads, dropped }: UploadPanelProps) {
  const { trans } = useTrans();
  const [isMinimised, setMinimised] = useState(false);
  if (!items.length && !interruptedUploads.length && !dropped.length) return null;
  const counts = countUploads(items, interruptedUploads.length);
  const { active, failed } = counts;
  const inactive = items.filter((i) => i.status !== 'inProgress').length + interruptedUploads.length + dropped.length;
  const title = uploadsTitle(counts, trans) || trans('Uploads');
  const clearInactive = () => {
    uploader.clearInactive();
    interrupted.dismiss();
  };
  const overall = overallPercentage(items);
  return (
    <section
      aria-label={trans('Uploads')}
      data-testid="upload-panel"
      className={clsx(
        'fixed right-0 bottom-0 z-40 w-full overflow-hidden bg-bg shadow-xl ring-1 ring-divider',
        'sm:right-6 sm:bottom-6 sm:w-[360px] sm:rounded-kosh-lg',
      )}
    >
      <header className="flex h-14 items-center gap-1 bg-bg-alt pr-2 pl-4">
        <h2 className="min-w-0 flex-1 truncate text-base font-medium text-fg" aria-live="polite">
          {title}
        </h2>
        <IconButton
          label={trans(isMinimised ? 'Expand' : 'Minimize')}
          size="sm"
          onPress={() => setMinimised((v) => !v)}
        >
          {isMinimised ? <ChevronUp size={20} aria-hidden /> : <ChevronDown size={20} aria-hidden />}
        </IconButton>
        <IconButton
          label={trans('Close')}
          size="sm"
          onPress={() => {
            for (const item of items.filter(isActive)) uploader.abort(item.id);
            clearInactive();
          }}
        >
          <X size={20} aria-hidden />
        </IconButton>
      </header>
      {active > 0 && (
        <ProgressBar value={overall} aria-label={title} data-testid="upload-overall" className="h-1 w-full bg-divider">
          <div className="h-full bg-primary transition-[width] duration-125" style={{ width: `${overall}%` }} />
        </ProgressBar>
      )}
      <div className={clsx(isMinimised && 'hidden')}>
        <ul className="max-h-72 overflow-y-auto py-1">
          {dropped.map((name) => (
            <li key={name} className="flex items-start gap-3 px-4 py-2 text-xs text-fg-muted" data-testid="upload-note">
              <CircleAlert size={20} className="shrink-0 text-fg-muted" aria-hidden />
              <span className="min-w-0 flex-1 pt-0.5">
                {trans(':name could not be resumed: the server no longer has it.', { name })}
              </span>
            </li>
          ))}
          {interruptedUploads.map((upload) => (
            <InterruptedRow key={upload.id} upload={upload} list={interrupted} />
          ))}
          {items.map((item) => (
            <UploadRow key={item.id} item={item} queue={uploader} />
          ))}
        </ul>
        {(failed > 0 || inactive > 0) && (
          <footer className="flex items-center justify-end gap-2 border-t border-divider px-2 py-2">
            {failed > 0 && (
              <Button
                variant="text"
                size="sm"
                onPress={() => uploader.retryAllFailed()}
                startIcon={<RotateCw size={16} aria-hidden />}
              >
                {trans('Retry all failed')}
              </Button>
            )}
            {inactive > 0 && (
              <Button variant="text" size="sm" onPress={clearInactive}>
                {trans('Clear inactive')}
              </Button>
            )}
          </footer>
        )}
      </div>
    </section>
  );
}
