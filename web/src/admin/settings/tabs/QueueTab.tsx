import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { endpoints } from '@kosh/contracts/endpoints';
import type { QueueJob, QueueState } from '@kosh/contracts';
import { call } from '../../../api/call.ts';
import { queryClient } from '../../../api/query-client.ts';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Select } from '../../../ui/Select.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { useFormatMoment } from '../../useAdminFormat.ts';
import { SettingsNotice } from '../SettingsNotice.tsx';
import { SettingsSection } from '../SettingsSection.tsx';

const QUEUE_KEY = ['admin', 'settings', 'queue'] as const;
const PER_PAGE = 15;
const STATE_LABELS: Record<QueueState, string> = {
  pending: 'Pending',
  running: 'Running',
  failed: 'Failed',
  done: 'Done',
};
const GATEWAY_LABELS: Record<QueueJob['gateway'], string> = { stripe: 'Stripe', paypal: 'PayPal', none: 'Kosh' };

// On a phone each job is a card: what it is with Retry beside it, then its state, attempts and
// arrival one under another, each named, as the table's header row is not shown there.
const ROW = 'border-t border-divider align-top max-sm:grid max-sm:grid-cols-[1fr_auto] max-sm:gap-x-3 max-sm:py-3';
const DETAIL = 'py-2 pr-4 max-sm:col-start-1 max-sm:p-0 max-sm:text-xs max-sm:text-fg-muted';

function PhoneLabel({ children }: { children: string }) {
  return <span className="sm:hidden">{children}: </span>;
}

function JobRow({ job }: { job: QueueJob }) {
  const { trans } = useTrans();
  const formatMoment = useFormatMoment();
  const retry = useMutation({
    mutationFn: () => call(endpoints.retryQueueJob, { params: { jobId: job.id } }),
    onSuccess: ({ job: after }) => {
      toast.positive(
        after.state === 'done' ? trans('The job ran.') : trans('The job failed again; it will be retried.'),
      );
      void queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
    },
  });
  const canRetry = job.state === 'pending' || job.state === 'failed';
  return (
    <tr className={ROW} data-testid="queue-job">
      <td className="py-2 pr-4 max-sm:col-start-1 max-sm:row-start-1 max-sm:p-0">
        <span className="font-medium text-fg">{job.type}</span>
        <span className="block text-xs text-fg-muted">
          {GATEWAY_LABELS[job.gateway]} · {job.event_id}
        </span>
        {job.last_error && <span className="mt-1 block break-all text-xs text-danger">{job.last_error}</span>}
      </td>
      <td className={DETAIL}>
        <PhoneLabel>{trans('State')}</PhoneLabel>
        {trans(STATE_LABELS[job.state])}
      </td>
      <td className={`${DETAIL} tabular-nums`}>
        <PhoneLabel>{trans('Attempts')}</PhoneLabel>
        {job.attempts}
      </td>
      <td className={`${DETAIL} whitespace-nowrap`}>
        <PhoneLabel>{trans('Received')}</PhoneLabel>
        {formatMoment(job.received_at, true)}
      </td>
      <td className="py-2 text-right max-sm:col-start-2 max-sm:row-span-4 max-sm:row-start-1 max-sm:p-0">
        {canRetry && (
          <Button
            variant="secondary"
            size="sm"
            onPress={() => retry.mutate()}
            isPending={retry.isPending}
            aria-label={trans('Retry :job', { job: job.type })}
          >
            {trans('Retry')}
          </Button>
        )}
      </td>
    </tr>
  );
}

/**
 * Queue: the jobs Kosh runs from its jobs table (the payment gateways' webhook events), by state,
 * with a retry for those pending or set aside after their last attempt.
 */
export function QueueTab() {
  const { trans } = useTrans();
  const [state, setState] = useState<QueueState | 'all'>('all');
  const [page, setPage] = useState(1);
  const query = { ...(state === 'all' ? {} : { state }), page, per_page: PER_PAGE };
  const jobs = useQuery({
    queryKey: [...QUEUE_KEY, state, page],
    queryFn: ({ signal }) => call(endpoints.listQueue, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
  const counts = jobs.data?.counts;
  const options = [
    { id: 'all', label: trans('All jobs') },
    ...(Object.keys(STATE_LABELS) as QueueState[]).map((id) => ({
      id,
      label: counts ? `${trans(STATE_LABELS[id])} (${counts[id]})` : trans(STATE_LABELS[id]),
    })),
  ];
  const pagination = jobs.data?.pagination;
  return (
    <SettingsSection
      title={trans('Queue')}
      description={trans(
        'Payment gateways’ events are kept and handled as jobs, retried with growing delays while they fail. ' +
          'A job set aside after its last attempt is failed; retry it once its cause is fixed.',
      )}
    >
      {counts && (
        <p className="text-sm text-fg" data-testid="queue-counts">
          {trans(':pending pending, :running running, :failed failed, :done done', { ...counts })}
        </p>
      )}
      <Select
        label={trans('Show')}
        options={options}
        value={state}
        onChange={(next) => {
          setState((next ?? 'all') as QueueState | 'all');
          setPage(1);
        }}
        className="max-w-xs"
      />
      {jobs.isPending ? (
        <Spinner label={trans('Loading')} />
      ) : jobs.isError ? (
        <SettingsNotice tone="danger">{trans('The queue could not be read.')}</SettingsNotice>
      ) : pagination?.data.length === 0 ? (
        <p className="text-sm text-fg-muted">{trans('No jobs here.')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm max-sm:block">
            <caption className="sr-only">{trans('Jobs')}</caption>
            <thead className="text-xs text-fg-muted max-sm:sr-only">
              <tr>
                <th className="py-2 pr-4 font-medium">{trans('Job')}</th>
                <th className="py-2 pr-4 font-medium">{trans('State')}</th>
                <th className="py-2 pr-4 font-medium">{trans('Attempts')}</th>
                <th className="py-2 pr-4 font-medium">{trans('Received')}</th>
                <th className="py-2 font-medium">
                  <span className="sr-only">{trans('Actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="max-sm:block">
              {pagination?.data.map((job) => (
                <JobRow key={job.id} job={job} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pagination && pagination.last_page > 1 && (
        <div className="flex items-center gap-2 text-sm">
          <Button variant="text" size="sm" isDisabled={page <= 1} onPress={() => setPage(page - 1)}>
            {trans('Previous')}
          </Button>
          <span className="text-fg-muted">
            {trans('Page :page of :pages', { page: pagination.current_page, pages: pagination.last_page })}
          </span>
          <Button variant="text" size="sm" isDisabled={page >= pagination.last_page} onPress={() => setPage(page + 1)}>
            {trans('Next')}
          </Button>
        </div>
      )}
    </SettingsSection>
  );
}
