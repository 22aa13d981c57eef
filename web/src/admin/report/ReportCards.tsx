import clsx from 'clsx';
import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react';
import type { AdminReport, ReportMetric } from '@kosh/contracts/admin-report';
import { formatBytes } from '@kosh/contracts/format';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { describeChange, formatCount } from './report-format.ts';

type CardKey = keyof AdminReport['cards'];

const CARDS: Array<{ key: CardKey; label: string; bytes?: boolean }> = [
  { key: 'new_users', label: 'New users' },
  { key: 'active_users', label: 'Active users' },
  { key: 'new_files', label: 'New files' },
  { key: 'uploaded_bytes', label: 'Uploaded', bytes: true },
  { key: 'new_folders', label: 'New folders' },
  { key: 'links_created', label: 'Links created' },
  { key: 'space_used', label: 'Space used', bytes: true },
];

export const REPORT_CARD_COUNT = CARDS.length;
export const cardGridClass = 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4';

/** One figure of the period, the previous period's beside it and the change between them. */
function MetricCard({ label, metric, format }: { label: string; metric: ReportMetric; format: (n: number) => string }) {
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

/** The cards of the report, four to a row on wide screens and one on phones. */
export function ReportCards({ report }: { report: AdminReport }) {
  const { trans, language } = useTrans();
  return (
    <div className={cardGridClass}>
      {CARDS.map((card) => (
        <MetricCard
          key={card.key}
          label={trans(card.label)}
          metric={report.cards[card.key]}
          format={card.bytes ? (n) => formatBytes(n) : (n) => formatCount(n, language)}
        />
      ))}
    </div>
  );
}
