import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatBytes } from '@kosh/contracts/format';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { chartTheme } from './ChartCard.tsx';
import { byteTicks, formatCompact, formatCount } from './report-format.ts';

export type Row = { name: string; value: number; detail?: string };

/** Horizontal bars (recharts, loaded once a chart comes near the screen). */
export default function BarsPlot({
  title,
  rows,
  isBytes,
  height,
}: {
  title: string;
  rows: Row[];
  isBytes?: boolean;
  height: number;
}) {
  const { language } = useTrans();
  const format = (n: number) => (isBytes ? formatBytes(n) : formatCount(n, language));
  const ticks = isBytes ? byteTicks(Math.max(...rows.map((r) => r.value))) : undefined;
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={rows} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 0 }} title={title}>
        <CartesianGrid stroke={chartTheme.grid} horizontal={false} />
        <XAxis
          type="number"
          allowDecimals={false}
          ticks={ticks}
          tickCount={Math.min(5, Math.max(...rows.map((r) => r.value)) + 1)}
          domain={ticks ? [0, ticks[ticks.length - 1]] : undefined}
          tickFormatter={(n: number) => (isBytes ? formatBytes(n) : formatCompact(n, language))}
          tick={chartTheme.tick}
          tickLine={false}
          axisLine={false}
        />
        <YAxis
          type="category"
          dataKey="name"
          width={112}
          tick={chartTheme.tick}
          tickLine={false}
          axisLine={{ stroke: chartTheme.grid }}
          interval={0}
        />
        <Tooltip
          {...chartTheme.tooltip}
          cursor={chartTheme.cursor}
          formatter={(value, _name, item) => {
            const row = item.payload as Row;
            return [row.detail ? `${format(Number(value))} (${row.detail})` : format(Number(value)), title];
          }}
        />
        <Bar
          dataKey="value"
          fill={chartTheme.primary}
          radius={[0, 3, 3, 0]}
          maxBarSize={18}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
