import { Play } from 'lucide-react';
import type { Job, JobRun } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { useFormatMoment } from '../useAdminFormat.ts';
import { formatDuration, formatInterval } from './log-format.ts';
import { RunStatusBadge } from './job-run-parts.tsx';
import { useJobs, useRunJob } from './logs.api.ts';

type CardProps = { job: Job; isRunning: boolean; isDisabled: boolean; onRun: () => void };

function JobCard({ job, isRunning, isDisabled, onRun }: CardProps) {
  const { trans } = useTrans();
  const formatMoment = useFormatMoment();
  const last = job.last_run;
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-kosh border border-divider bg-bg p-4">
      <div className="min-w-0">
        <h2 className="text-base font-medium text-fg">{job.label}</h2>
        <p className="mt-0.5 text-sm text-fg-muted">{job.description}</p>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-fg-muted">{trans('Runs every')}</dt>
        <dd>{formatInterval(job.interval_ms)}</dd>
        <dt className="text-fg-muted">{trans('Last run')}</dt>
        <dd className="flex flex-wrap items-center gap-2">
          {last ? (
            <>
              <span>{formatMoment(last.started_at, true)}</span>
              <RunStatusBadge status={last.status} />
              <span className="text-fg-muted">{formatDuration(last.duration_ms)}</span>
            </>
          ) : (
            <span className="text-fg-muted">{trans('Never')}</span>
          )}
        </dd>
      </dl>
      <div className="mt-auto">
        <Button
          variant="secondary"
          size="sm"
          onPress={onRun}
          isPending={isRunning}
          isDisabled={isDisabled}
          startIcon={
            isRunning ? <Spinner size={16} immediate label={trans('Running')} /> : <Play size={16} aria-hidden />
          }
        >
          {isRunning ? trans('Running…') : trans('Run now')}
          {/* Which job, for a screen reader's list of buttons; the visible words stay first in the name. */}
          <span className="sr-only">: {job.label}</span>
        </Button>
      </div>
    </li>
  );
}

const runMessage = (run: JobRun, label: string, trans: (line: string, values?: Record<string, string>) => string) =>
  run.status === 'failed'
    ? trans(':job failed: :error', { job: label, error: run.error ?? trans('no error was recorded') })
    : trans(':job finished in :duration', { job: label, duration: formatDuration(run.duration_ms) });

/** The periodic jobs, each with its last run and "Run now" (which waits for the run and tells its result). */
export function JobCards() {
  const { trans } = useTrans();
  const jobs = useJobs();
  const run = useRunJob();
  if (jobs.isPending) {
    return (
      <div className="flex h-32 items-center justify-center">
        <Spinner label={trans('Loading jobs')} />
      </div>
    );
  }
  if (jobs.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {trans('The jobs could not be loaded.')}
      </p>
    );
  }
  // A failure to start (409: running in another process) is told by the general error toast.
  const start = (job: Job) =>
    run.mutate(job.key, {
      onSuccess: (result) => {
        const message = runMessage(result, job.label, trans);
        if (result.status === 'failed') toast.danger(message);
        else toast.positive(message);
      },
    });
  return (
    <ul aria-label={trans('Jobs')} className="grid grid-cols-1 gap-3 md:grid-cols-2 lg:grid-cols-3">
      {jobs.data.map((job) => (
        <JobCard
          key={job.key}
          job={job}
          isRunning={run.isPending && run.variables === job.key}
          // One run at a time: the answer comes when the run ends, and a second would wait on the first.
          isDisabled={run.isPending && run.variables !== job.key}
          onRun={() => start(job)}
        />
      ))}
    </ul>
  );
}
