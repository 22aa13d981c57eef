import clsx from 'clsx';
import { Meter } from 'react-aria-components';
import type { UserSpaceRow } from '@kosh/contracts';
import { formatBytes } from '@kosh/contracts/format';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { barWidth, spaceLevel } from './space-level.ts';

const barColour = { ok: 'bg-primary', warning: 'bg-amber-500', danger: 'bg-danger' } as const;
const textColour = { ok: 'text-fg', warning: 'text-fg', danger: 'text-danger' } as const;

/**
 * How full the allowance is: the percentage and a bar, amber over 80 and red over 100. The bar is
 * a meter for screen readers; an unlimited allowance says so instead.
 */
export function PercentCell({ row }: { row: UserSpaceRow }) {
  const { trans, language } = useTrans();
  if (row.percent === null) return <span className="text-fg-muted">{trans('Unlimited')}</span>;
  const level = spaceLevel(row.percent);
  const text = `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(row.percent)}%`;
  return (
    <Meter
      value={Math.min(100, row.percent)}
      valueLabel={text}
      aria-label={trans('Share of the allowance used')}
      data-level={level}
      data-testid="space-percent"
      className="flex w-full min-w-[120px] items-center gap-2"
    >
      <span className="h-1.5 min-w-16 flex-1 overflow-hidden rounded-full bg-divider">
        <span
          className={clsx('block h-full rounded-full', barColour[level])}
          style={{ width: `${barWidth(row.percent, row.used)}%` }}
        />
      </span>
      <span className={clsx('w-14 shrink-0 text-right text-xs tabular-nums', textColour[level])}>{text}</span>
    </Meter>
  );
}

/** Bytes used, with the part in trash under it when there is one. */
export function UsedCell({ row }: { row: UserSpaceRow }) {
  const { trans } = useTrans();
  return (
    <div className="flex flex-col">
      <span className="font-medium text-fg tabular-nums">{formatBytes(row.used)}</span>
      {row.trash > 0 && (
        <span className="text-xs text-fg-muted">{trans(':size in trash', { size: formatBytes(row.trash) })}</span>
      )}
    </div>
  );
}
