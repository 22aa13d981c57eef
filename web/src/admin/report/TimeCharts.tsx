import { lazy } from 'react';
import type { AdminReport, ReportBucket } from '@kosh/contracts/admin-report';
import { formatBytes } from '@kosh/contracts/format';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { NearViewport } from '../../ui/NearViewport.tsx';
import { ChartCard, chartTheme, NoData } from './ChartCard.tsx';
import { CHART_MARGIN, formatCount } from './report-format.ts';

// Recharts is most of the report's code: it loads as the first chart nears the screen.
const TimePlot = lazy(() => import('./TimePlot.tsx'));

type SeriesKey = 'sign_ups' | 'uploads' | 'space_used';

export type TimeChartProps = {
  title: string;
  report: AdminReport;
  dataKey: SeriesKey;
  kind: 'area' | 'bar';
  color: string;
  isBytes?: boolean;
  /** A second line in the tooltip (uploads: their bytes). */
  extra?: (bucket: ReportBucket) => string;
};

/** One series of the period over its day or month buckets. */
function TimeChart(props: TimeChartProps) {
  const { title, report, dataKey, isBytes } = props;
  const { language } = useTrans();
  const format = (n: number) => (isBytes ? formatBytes(n) : formatCount(n, language));
  const isEmpty = report.series.every((b) => b[dataKey] === 0);
  const total = report.series.reduce((n, b) => n + b[dataKey], 0);
  return (
    <ChartCard title={title} subtitle={dataKey === 'space_used' ? undefined : format(total)}>
      {isEmpty ? (
        <NoData className="h-[220px]" />
      ) : (
        <div className="h-[220px] w-full" data-testid="report-chart">
          <NearViewport className="size-full" margin={CHART_MARGIN}>
            <TimePlot {...props} />
          </NearViewport>
        </div>
      )}
    </ChartCard>
  );
}

/** Sign-ups, uploads and space used over the period. */
export function TimeCharts({ report }: { report: AdminReport }) {
  const { trans } = useTrans();
  return (
    <>
      <TimeChart title={trans('Sign-ups')} report={report} dataKey="sign_ups" kind="area" color={chartTheme.primary} />
      <TimeChart
        title={trans('Uploads')}
        report={report}
        dataKey="uploads"
        kind="bar"
        color={chartTheme.positive}
        extra={(b) => formatBytes(b.uploaded_bytes)}
      />
      <TimeChart
        title={trans('Space used over time')}
        report={report}
        dataKey="space_used"
        kind="area"
        color={chartTheme.primary}
        isBytes
      />
    </>
  );
}
