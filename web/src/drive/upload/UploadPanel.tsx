import { useState } from 'react';
import clsx from 'clsx';
import { ChevronDown, ChevronUp, CircleAlert, CircleCheck, X } from 'lucide-react';
import { ProgressBar } from 'react-aria-components';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { IconButton } from '../../ui/Button.tsx';
import { FileIcon } from '../file-view/FileIcon.tsx';
import type { PlainUploader, UploadItem } from './plain-uploader.ts';

function UploadRow({ item, onAbort }: { item: UploadItem; onAbort: () => void }) {
  const { trans } = useTrans();
  const isActive = item.status === 'pending' || item.status === 'inProgress';
  return (
    <li className="flex min-h-12 items-center gap-3 px-4 py-2" data-upload-status={item.status}>
      <FileIcon type={item.entry?.type ?? 'default'} />
      <div className="min-w-0 flex-1">
        <div className="truncate text-sm text-fg" title={item.relativePath || item.name}>
          {item.name}
        </div>
        {item.status === 'failed' && item.errorMessage && <div className="truncate text-xs text-danger" title={item.errorMessage}>{item.errorMessage}</div>}
        {item.status === 'aborted' && <div className="text-xs text-fg-muted">{trans('Aborted')}</div>}
        {isActive && (
          <ProgressBar value={item.percentage} aria-label={item.name} className="mt-1 h-1 w-full overflow-hidden rounded-full bg-divider">
            <div className="h-full bg-primary transition-[width] duration-125" style={{ width: `${item.percentage}%` }} />
          </ProgressBar>
        )}
      </div>
      {item.status === 'completed' && <CircleCheck size={20} className="shrink-0 text-positive" aria-label={trans('Completed')} />}
      {item.status === 'failed' && <CircleAlert size={20} className="shrink-0 text-danger" aria-label={trans('Failed')} />}
      {isActive && (
        <IconButton label={trans('Cancel upload')} size="sm" onPress={onAbort} showTooltip={false}>
          <X size={18} aria-hidden />
        </IconButton>
      )}
    </li>
  );
}

/** Bottom-right card of UI.md: what is uploading, with progress; minimise and close. */
export function UploadPanel({ uploader, items }: { uploader: PlainUploader; items: readonly UploadItem[] }) {
  const { trans } = useTrans();
  const [isMinimised, setMinimised] = useState(false);
  if (!items.length) return null;
  const active = items.filter((i) => i.status === 'pending' || i.status === 'inProgress').length;
  const done = items.filter((i) => i.status === 'completed').length;
  const title = active
    ? trans(active === 1 ? 'Uploading 1 item' : 'Uploading :count items', { count: active })
    : trans(done === 1 ? '1 upload complete' : ':count uploads complete', { count: done });
  return (
    <section
      aria-label={trans('Uploads')}
      data-testid="upload-panel"
      className="fixed right-0 bottom-0 z-40 w-full overflow-hidden bg-bg shadow-xl ring-1 ring-divider sm:right-6 sm:bottom-6 sm:w-[360px] sm:rounded-kosh-lg"
    >
      <header className="flex h-14 items-center gap-1 bg-bg-alt pr-2 pl-4">
        <h2 className="min-w-0 flex-1 truncate text-base font-medium text-fg" aria-live="polite">
          {title}
        </h2>
        <IconButton label={trans(isMinimised ? 'Expand' : 'Minimize')} size="sm" onPress={() => setMinimised((v) => !v)}>
          {isMinimised ? <ChevronUp size={20} aria-hidden /> : <ChevronDown size={20} aria-hidden />}
        </IconButton>
        <IconButton
          label={trans('Close')}
          size="sm"
          onPress={() => {
            items.filter((i) => i.status === 'pending' || i.status === 'inProgress').forEach((i) => uploader.abort(i.id));
            uploader.clearInactive();
          }}
        >
          <X size={20} aria-hidden />
        </IconButton>
      </header>
      <ul className={clsx('max-h-64 overflow-y-auto py-1', isMinimised && 'hidden')}>
        {items.map((item) => (
          <UploadRow key={item.id} item={item} onAbort={() => uploader.abort(item.id)} />
        ))}
      </ul>
    </section>
  );
}
