import { Area, AreaChart, Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminReport, ReportBucket } from '@kosh/contracts/admin-report';
import { formatBytes } from '@kosh/contracts/format';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { NearViewport } from '../../ui/NearViewport.tsx';
import { ChartCard, chartTheme, NoData } from './ChartCard.tsx';
import { bucketLabel, bucketTitle, byteTicks, formatCompact, formatCount } from './report-format.ts';

const HEIGHT = 220;

type SeriesKey = 'sign_ups' | 'uploads' | 'space_used';

type Props = {
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
function TimeChart({ title, report, dataKey, kind, color, isBytes, extra }: Props) {
  const { language } = useTrans();
  const unit = report.range.unit;
  const format = (n: number) => (isBytes ? formatBytes(n) : formatCount(n, language));
  const isEmpty = report.series.every((b) => b[dataKey] === 0);
  const total = report.series.reduce((n, b) => n + b[dataKey], 0);
  const max = Math.max(...report.series.map((b) => b[dataKey]));
  const ticks = isBytes ? byteTicks(max) : undefined;
  const axis = {
    x: {
      dataKey: 'label',
      tickFormatter: (label: string) => bucketLabel(label, unit, language),
      tick: chartTheme.tick,
      tickLine: false,
      axisLine: { stroke: chartTheme.grid },
      minTickGap: 16,
    },
    y: {
      width: isBytes ? 64 : 40,
      allowDecimals: false,
      tickCount: Math.min(5, max + 1),
      ...(ticks ? { ticks, domain: [0, ticks[ticks.length - 1]] } : {}),
      tickFormatter: (n: number) => (isBytes ? formatBytes(n) : formatCompact(n, language)),
      tick: chartTheme.tick,
      tickLine: false,
      axisLine: false,
    },
  };
  const tooltip = (
    <Tooltip
      {...chartTheme.tooltip}
      cursor={kind === 'bar' ? chartTheme.cursor : { stroke: chartTheme.grid }}
      labelFormatter={(label) => bucketTitle(String(label), unit, language)}
      formatter={(value, _name, item) => {
        const bucket = item.payload as ReportBucket;
        const main = format(Number(value));
        return [extra ? `${main} (${extra(bucket)})` : main, title];
      }}
    />
  );
  return (
    <ChartCard title={title} subtitle={dataKey === 'space_used' ? undefined : format(total)}>
      {isEmpty ? (
        <NoData className="h-[220px]" />
      ) : (
        <div className="h-[220px] w-full" data-testid="report-chart">
          <NearViewport className="size-full">
            <ResponsiveContainer width="100%" height={HEIGHT}>
              {kind === 'area' ? (
                <AreaChart data={report.series} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} title={title}>
                  <CartesianGrid stroke={chartTheme.grid} vertical={false} />
                  <XAxis {...axis.x} />
                  <YAxis {...axis.y} />
                  {tooltip}
                  <Area
                    type="monotone"
                    dataKey={dataKey}
                    name={title}
                    stroke={color}
                    strokeWidth={2}
                    fill={color}
                    fillOpacity={0.12}
                    isAnimationActive={false}
                  />
                </AreaChart>
              ) : (
                <BarChart data={report.series} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} title={title}>
                  <CartesianGrid stroke={chartTheme.grid} vertical={false} />
                  <XAxis {...axis.x} />
                  <YAxis {...axis.y} />
                  {tooltip}
                  <Bar dataKey={dataKey} fill={color} radius={[3, 3, 0, 0]} maxBarSize={32} isAnimationActive={false} />
                </BarChart>
              )}
            </ResponsiveContainer>
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
