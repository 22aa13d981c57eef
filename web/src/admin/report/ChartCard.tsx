import type { ReactNode } from 'react';
import clsx from 'clsx';
import { BarChart3 } from 'lucide-react';
import { useTrans } from '../../shell/i18n/useTrans.tsx';

/** Styles the charts share: theme tokens only, so dark themes and edited themes restyle them. */
export const chartTheme = {
  grid: 'var(--kosh-divider)',
  tick: { fill: 'var(--kosh-fg-muted)', fontSize: 12 },
  primary: 'var(--kosh-primary)',
  positive: 'var(--kosh-positive)',
  cursor: { fill: 'var(--kosh-bg-alt)' },
  tooltip: {
    contentStyle: {
      background: 'var(--kosh-bg)',
      border: '1px solid var(--kosh-divider)',
      borderRadius: 8,
      color: 'var(--kosh-fg)',
      fontSize: 12,
    },
    labelStyle: { color: 'var(--kosh-fg)', fontWeight: 500 },
    itemStyle: { color: 'var(--kosh-fg)' },
  },
} as const;

/** 'No data in this period', in place of a chart or table with nothing to show. */
export function NoData({ className }: { className?: string }) {
  const { trans } = useTrans();
  return (
    <div className={clsx('flex flex-col items-center justify-center gap-2 text-center text-fg-muted', className)}>
      <BarChart3 size={40} aria-hidden strokeWidth={1.5} />
      <p className="text-sm">{trans('No data in this period')}</p>
    </div>
  );
}

/** A titled panel holding one chart or table. */
export function ChartCard({
  title,
  subtitle,
  className,
  children,
}: {
  title: string;
  subtitle?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className={clsx('flex min-w-0 flex-col gap-3 rounded-kosh border border-divider bg-bg p-4', className)}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 className="text-base font-medium text-fg">{title}</h2>
        {subtitle && <p className="text-xs text-fg-muted">{subtitle}</p>}
      </header>
      {children}
    </section>
  );
}
