import clsx from 'clsx';
import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react';
import type { ReportMetric } from '@kosh/contracts/admin-report';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { describeChange } from './report-format.ts';

/** One figure of the period, the previous period's beside it and the change between them. */
export function MetricCard({
  label,
  metric,
  format,
}: {
  label: string;
  metric: ReportMetric;
  format: (n: number) => string;
}) {
  const { trans, language } = useTrans();
  const change = describeChange(metric.value, metric.previous, language, trans('New'));
  const Arrow = change.direction === 'up' ? ArrowUpRight : change.direction === 'down' ? ArrowDownRight : ArrowRight;
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-kosh border border-divider bg-bg p-4" data-testid="report-card">
      <h2 className="truncate text-sm text-fg-muted">{label}</h2>
      <p className="truncate text-[28px] leading-9 font-medium text-fg" data-testid="report-card-value">
        {format(metric.value)}
      </p>
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-fg-muted">
        <span
          className={clsx(
            'inline-flex items-center gap-0.5 font-medium',
            change.direction === 'up' && 'text-positive',
            change.direction === 'down' && 'text-danger',
          )}
          data-testid="report-card-change"
        >
          <Arrow size={14} aria-hidden />
          {change.text}
        </span>
        <span className="truncate" data-testid="report-card-previous">
          {trans('Previous period: :value', { value: format(metric.previous) })}
        </span>
      </p>
    </div>
  );
}

export /** A figure read now, with what it counts in place of a comparison. */
function FigureCard({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-kosh border border-divider bg-bg p-4" data-testid="report-card">
      <h2 className="truncate text-sm text-fg-muted">{label}</h2>
      <p className="truncate text-[28px] leading-9 font-medium text-fg" data-testid="report-card-value">
        {value}
      </p>
      <p className="truncate text-xs text-fg-muted">{note}</p>
    </div>
  );
}
