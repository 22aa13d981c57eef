import type { JobRun } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { useFormatMoment } from '../useAdminFormat.ts';
import { formatDuration, runOutputText } from './log-format.ts';
import { CodeBlock, Fact, StatusBadge } from './log-parts.tsx';

export const RUN_STATUS_LABELS: Record<JobRun['status'], string> = {
  succeeded: 'Succeeded',
  failed: 'Failed',
  running: 'Running',
};

/** A run's result: succeeded, failed, or still running. */
export function RunStatusBadge({ status }: { status: JobRun['status'] }) {
  const { trans } = useTrans();
  const tone = status === 'succeeded' ? 'positive' : status === 'failed' ? 'danger' : 'neutral';
  return <StatusBadge tone={tone}>{trans(RUN_STATUS_LABELS[status])}</StatusBadge>;
}

/** One run whole: when, how long, who started it, its output or its error. */
export function JobRunDialog({ run, label, onClose }: { run: JobRun | null; label: string; onClose: () => void }) {
  const { trans } = useTrans();
  const formatMoment = useFormatMoment();
  const output = run ? runOutputText(run.output) : null;
  return (
    <Dialog
      isOpen={!!run}
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={label}
      actions={<Button onPress={onClose}>{trans('Close')}</Button>}
    >
      {run && (
        <div className="flex flex-col gap-5">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Fact label={trans('Result')}>
              <RunStatusBadge status={run.status} />
            </Fact>
            <Fact label={trans('Started')}>{formatMoment(run.started_at, true)}</Fact>
            <Fact label={trans('Duration')}>{formatDuration(run.duration_ms)}</Fact>
            <Fact label={trans('Started by')}>
              {run.trigger === 'schedule'
                ? trans('Schedule')
                : trans(':name (Run now)', { name: run.triggered_by_name ?? trans('Staff') })}
            </Fact>
          </dl>
          {run.error && <CodeBlock label={trans('Error')} text={run.error} wrap />}
          {output && <CodeBlock label={trans('Output')} text={output} />}
          {!run.error && !output && <p className="text-sm text-fg-muted">{trans('This run reported nothing.')}</p>}
        </div>
      )}
    </Dialog>
  );
}
