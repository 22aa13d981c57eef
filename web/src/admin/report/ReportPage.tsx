import { useSearchParams } from 'react-router';
import { reportPeriodOf } from '@kosh/contracts/report-period';
import { useAdminReport } from '../../api/admin-report.api.ts';
import { ApiError } from '../../api/api-error.ts';
import { useBootstrapData } from '../../shell/bootstrap-store.ts';
import { resolveTimezone } from '../../shell/i18n/relative-time.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { useDocumentTitle } from '../../shell/useDocumentTitle.ts';
import { AudienceCharts, SpaceByTypeChart } from './BreakdownCharts.tsx';
import { RangePicker, type RangeChoice } from './RangePicker.tsx';
import { ReportCards } from './ReportCards.tsx';
import { ReportError, ReportSkeleton } from './ReportStates.tsx';
import { periodLabel } from './report-format.ts';
import { TimeCharts } from './TimeCharts.tsx';
import { TopUsersTable } from './TopUsersTable.tsx';

/** The admin's zone: their own, else the site's default, else the browser's. */
function useReportTimezone(): string {
  const { user, settings } = useBootstrapData();
  return resolveTimezone(
    user?.timezone,
    settings.dates?.default_timezone,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
  );
}

/** /admin: the report of a period beside the period before it (first-party figures only). */
export function ReportPage() {
  const { trans, language } = useTrans();
  useDocumentTitle(trans('Report'));
  const timezone = useReportTimezone();
  const [params, setParams] = useSearchParams();
  const query = reportPeriodOf(params, timezone);
  const report = useAdminReport(query);
  const data = report.data;

  const handleRange = (choice: RangeChoice) => {
    const next = new URLSearchParams({ range: choice.range });
    if (choice.range === 'custom' && choice.from && choice.to) {
      next.set('from', choice.from);
      next.set('to', choice.to);
    }
    setParams(next, { replace: true });
  };

  const isSwitching = report.isFetching && report.isPlaceholderData;
  return (
    <div className="flex w-full min-w-0 flex-col gap-6 px-4 py-6 sm:px-6 lg:px-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-xl font-medium text-fg">{trans('Report')}</h1>
          {data && (
            <p className="mt-1 text-sm text-fg-muted" data-testid="report-period">
              {trans(':period, compared with :previous', {
                period: periodLabel(data.range.from, data.range.to, language),
                previous: periodLabel(data.range.previous.from, data.range.previous.to, language),
              })}
            </p>
          )}
        </div>
        <RangePicker
          key={`${query.range}|${query.from ?? ''}|${query.to ?? ''}`}
          value={query}
          shown={data?.range}
          timezone={timezone}
          onChange={handleRange}
        />
      </header>
      {report.isError && !isSwitching ? (
        <ReportError
          message={report.error instanceof ApiError ? report.error.displayMessage : undefined}
          onRetry={() => void report.refetch()}
        />
      ) : !data ? (
        <ReportSkeleton />
      ) : (
        <div
          className="flex flex-col gap-4 transition-opacity duration-125 data-[switching]:opacity-60"
          data-switching={isSwitching || undefined}
          aria-busy={isSwitching}
          data-testid="report"
        >
          <ReportCards report={data} />
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <TimeCharts report={data} />
            <SpaceByTypeChart report={data} />
          </div>
          <AudienceCharts report={data} />
          <TopUsersTable users={data.top_users} />
        </div>
      )}
    </div>
  );
}

export { ReportPage as Component };
