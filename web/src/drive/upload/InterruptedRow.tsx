import { useRef, useState, type ChangeEvent } from 'react';
import { CircleAlert, Trash2 } from 'lucide-react';
import { ProgressBar } from 'react-aria-components';
import { formatBytes } from '@kosh/contracts/format';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button, IconButton } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../dialogs/ConfirmDialog.tsx';
import { FileIcon } from '../file-view/FileIcon.tsx';
import type { InterruptedUpload, InterruptedUploads } from './interrupted-uploads.ts';

/**
 * An upload an earlier visit left unfinished: what the server holds, 'Resume' (asks for the
 * same file) and 'Discard' (aborts it on the server).
 */
export function InterruptedRow({ upload, list }: { upload: InterruptedUpload; list: InterruptedUploads }) {
  const { trans } = useTrans();
  const picker = useRef<HTMLInputElement>(null);
  const [isConfirming, setConfirming] = useState(false);
  const held = upload.bytesUploaded;
  const percentage = held !== null && upload.size ? Math.floor((held / upload.size) * 100) : 0;
  const detail = [
    held === null
      ? formatBytes(upload.size)
      : trans(':uploaded of :total', { uploaded: formatBytes(held), total: formatBytes(upload.size) }),
    trans('Interrupted'),
  ].join(' · ');
  const onPicked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) list.resume(upload.id, file);
  };
  return (
    <li
      className="flex min-h-14 items-center gap-3 px-4 py-2"
      data-upload-status="interrupted"
      data-testid="upload-row"
    >
      <FileIcon type="default" />
      <div className="min-w-0 flex-1">
        <div className="truncate text-sm text-fg" title={upload.relativePath || upload.name}>
          {upload.name}
        </div>
        <ProgressBar
          value={percentage}
          aria-label={upload.name}
          className="my-1 h-1 w-full overflow-hidden rounded-full bg-divider"
        >
          <div className="h-full bg-fg-muted" style={{ width: `${percentage}%` }} />
        </ProgressBar>
        <div className="truncate text-xs text-fg-muted tabular-nums">{detail}</div>
        {upload.isRefused && (
          <div className="flex items-start gap-1 pt-1 text-xs text-danger" role="alert">
            <CircleAlert size={14} className="mt-px shrink-0" aria-hidden />
            {trans('This is a different file. Choose :name (:size) to resume.', {
              name: upload.name,
              size: formatBytes(upload.size),
            })}
          </div>
        )}
      </div>
      <Button variant="text" size="sm" isDisabled={upload.isDiscarding} onPress={() => picker.current?.click()}>
        {trans('Resume')}
      </Button>
      <IconButton
        label={trans('Discard')}
        size="sm"
        isDisabled={upload.isDiscarding}
        onPress={() => setConfirming(true)}
        showTooltip={false}
      >
        <Trash2 size={18} aria-hidden />
      </IconButton>
      <ConfirmDialog
        isOpen={isConfirming}
        title={trans('Discard this upload?')}
        body={trans('What was sent of :name is deleted from the server. You can upload the file again later.', {
          name: upload.name,
        })}
        confirmLabel={trans('Discard')}
        onConfirm={() => void list.discard(upload.id)}
        onClose={() => setConfirming(false)}
      />
      <input ref={picker} type="file" hidden onChange={onPicked} data-testid="resume-input" />
    </li>
  );
}
