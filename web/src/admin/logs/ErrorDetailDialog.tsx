import type { ErrorLogEntry } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useFormatMoment } from '../useAdminFormat.ts';
import { CodeBlock, Fact } from './log-parts.tsx';
import { LevelBadge } from './error-log-parts.tsx';
import { useErrorLogEntry } from './logs.api.ts';

/** One error log entry whole: its message, stack and the context it was logged with, each to copy. */
export function ErrorDetailDialog({ entry, onClose }: { entry: ErrorLogEntry | null; onClose: () => void }) {
  const { trans } = useTrans();
  const formatMoment = useFormatMoment();
  const detail = useErrorLogEntry(entry);
  const context = detail.data && Object.keys(detail.data.context).length > 0 ? detail.data.context : null;
  return (
    <Dialog
      isOpen={!!entry}
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={trans('Error log entry')}
      actions={<Button onPress={onClose}>{trans('Close')}</Button>}
    >
      {entry && (
        <div className="flex flex-col gap-5">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Fact label={trans('Time')}>{formatMoment(entry.time, true)}</Fact>
            <Fact label={trans('Level')}>
              <LevelBadge level={entry.level} />
            </Fact>
            <Fact label={trans('Request ID')}>
              <code className="text-xs">{entry.request_id ?? '—'}</code>
            </Fact>
            <Fact label={trans('File')}>
              <code className="text-xs">{entry.file}</code>
            </Fact>
          </dl>
          <CodeBlock label={trans('Message')} text={entry.message} wrap />
          {detail.isPending && (
            <div className="flex h-24 items-center justify-center">
              <Spinner label={trans('Loading the entry')} />
            </div>
          )}
          {detail.isError && (
            <p role="alert" className="text-sm text-danger">
              {trans('This entry could not be read; the file may have been rotated away.')}
            </p>
          )}
          {detail.data?.stack && <CodeBlock label={trans('Stack')} text={detail.data.stack} />}
          {context && <CodeBlock label={trans('Context')} text={JSON.stringify(context, null, 2)} />}
          {detail.data && !detail.data.stack && !context && (
            <p className="text-sm text-fg-muted">{trans('This entry has no stack and no context.')}</p>
          )}
        </div>
      )}
    </Dialog>
  );
}
