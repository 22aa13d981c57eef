import { Area, AreaChart, Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReportBucket } from '@kosh/contracts/admin-report';
import { formatBytes } from '@kosh/contracts/format';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { chartTheme } from './ChartCard.tsx';
import { bucketLabel, bucketTitle, byteTicks, formatCompact, formatCount } from './report-format.ts';
import type { TimeChartProps } from './TimeCharts.tsx';

const HEIGHT = 220;

/** The chart of one series (recharts, loaded once a chart comes near the screen). */
export default function TimePlot({ title, report, dataKey, kind, color, isBytes, extra }: TimeChartProps) {
  const { language } = useTrans();
  const unit = report.range.unit;
  const format = (n: number) => (isBytes ? formatBytes(n) : formatCount(n, language));
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
  );
}
