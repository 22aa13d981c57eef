import clsx from 'clsx';
import { useMemo, useState } from 'react';
import { CalendarClock } from 'lucide-react';
import { type Job, type JobRun, MAIL_LOG_DAYS } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { AdminPage } from '../AdminPage.tsx';
import { DataTable, type TableColumn } from '../table/DataTable.tsx';
import type { FilterDef } from '../table/filters.ts';
import { useAdminList } from '../table/useAdminList.ts';
import { useTableState } from '../table/useTableState.ts';
import { useFormatMoment } from '../useAdminFormat.ts';
import { JobCards } from './JobCards.tsx';
import { JobRunDialog, RUN_STATUS_LABELS, RunStatusBadge } from './job-run-parts.tsx';
import { formatDuration, runOutputText } from './log-format.ts';
import { LogTabs } from './LogTabs.tsx';
import { fetchJobRuns, logKeys, useJobs } from './logs.api.ts';

const SORTABLE = ['started_at'] as const;

/** The runs' filters; the jobs arrive with GET admin/jobs, a job in the URL is kept while they load. */
function runFilters(jobs: Job[]): FilterDef[] {
  return [
    { kind: 'select', key: 'job', label: 'Job', options: jobs.map((job) => ({ value: job.key, label: job.label })) },
    {
      kind: 'select',
      key: 'status',
      label: 'Result',
      options: Object.entries(RUN_STATUS_LABELS).map(([value, label]) => ({ value, label })),
    },
    { kind: 'dateRange', key: 'date', label: 'Started', fromKey: 'from', toKey: 'to' },
  ];
}

/** The first line of a run's error or output, for the table; the dialog shows it whole. */
function summaryOf(run: JobRun): string {
  const text = run.error ?? runOutputText(run.output)?.replace(/\s+/g, ' ') ?? '';
  return text.split('\n')[0] ?? '';
}

function useColumns(labelOf: (key: string) => string): TableColumn<JobRun>[] {
  const { trans } = useTrans();
  const formatMoment = useFormatMoment();
  return useMemo(
    () => [
      {
        id: 'job',
        header: 'Job',
        isRowHeader: true,
        cell: (run) => (
          <div className="min-w-0">
            <div className="truncate font-medium">{labelOf(run.job)}</div>
            <div className="text-xs text-fg-muted">
              {run.trigger === 'schedule'
                ? trans('Schedule')
                : run.triggered_by_name
                  ? trans('Run now by :name', { name: run.triggered_by_name })
                  : trans('Run now')}
            </div>
          </div>
        ),
      },
      {
        id: 'started',
        header: 'Started',
        sortKey: 'started_at',
        firstDir: 'desc',
        className: 'w-44 whitespace-nowrap',
        cell: (run) => formatMoment(run.started_at, true),
      },
      {
        id: 'duration',
        header: 'Duration',
        className: 'w-28 whitespace-nowrap text-fg-muted',
        cell: (run) => formatDuration(run.duration_ms),
      },
      { id: 'result', header: 'Result', className: 'w-32', cell: (run) => <RunStatusBadge status={run.status} /> },
      {
        id: 'output',
        header: 'Output or error',
        className: 'max-w-[360px]',
        cell: (run) => (
          <code className={clsx('block max-w-[360px] truncate text-xs', run.error ? 'text-danger' : 'text-fg-muted')}>
            {summaryOf(run) || '—'}
          </code>
        ),
      },
    ],
    [trans, formatMoment, labelOf],
  );
}

/** Logs, Schedule tab (logs.view): the periodic jobs with "Run now", and every run below; a run opens whole. */
export function SchedulePage() {
  const { trans } = useTrans();
  const jobs = useJobs();
  const config = useMemo(() => ({ filters: runFilters(jobs.data ?? []), sortable: SORTABLE }), [jobs.data]);
  const table = useTableState(config);
  const list = useAdminList(logKeys.jobRuns, fetchJobRuns, table.state);
  const labelOf = useMemo(() => {
    const labels = new Map((jobs.data ?? []).map((job) => [job.key, job.label]));
    return (key: string) => labels.get(key) ?? key;
  }, [jobs.data]);
  const columns = useColumns(labelOf);
  const [open, setOpen] = useState<JobRun | null>(null);
  return (
    <AdminPage title={trans('Logs')} documentTitle={trans('Schedule log')} tabs={<LogTabs />}>
      <JobCards />
      <div className="mt-2">
        <h2 className="text-base font-medium text-fg">{trans('Runs')}</h2>
        <p className="text-sm text-fg-muted">{trans('Kept :days days.', { days: String(MAIL_LOG_DAYS) })}</p>
      </div>
      <DataTable
        label={trans('Job runs')}
        columns={columns}
        table={table}
        list={list}
        defaultSort={{ orderBy: 'started_at', orderDir: 'desc' }}
        searchLabel={trans('Error text or job')}
        onRowAction={setOpen}
        empty={{
          icon: CalendarClock,
          heading: 'No runs yet',
          help: 'Each run of a periodic job, on schedule or with Run now, shows up here.',
        }}
      />
      <JobRunDialog run={open} label={open ? labelOf(open.job) : ''} onClose={() => setOpen(null)} />
    </AdminPage>
  );
}

export { SchedulePage as Component };
