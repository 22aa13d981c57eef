import clsx from 'clsx';
import type { UserSpaceTotals } from '@kosh/contracts';
import { formatBytes } from '@kosh/contracts/format';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { useFormatMoment } from '../useAdminFormat.ts';

/** One figure; on a phone a single line (label, value) so the three leave room for the list. */
function TotalCard({ label, value, help }: { label: string; value: string; help: string }) {
  return (
    <div
      className={clsx(
        'flex min-w-0 items-baseline justify-between gap-3 rounded-kosh border border-divider bg-bg px-4 py-3',
        'sm:flex-col sm:items-stretch sm:justify-start sm:gap-1 sm:p-4',
      )}
      data-testid="space-total"
    >
      <h2 className="truncate text-sm text-fg-muted">{label}</h2>
      <p
        className="shrink-0 truncate text-lg font-medium text-fg sm:text-[28px] sm:leading-9"
        data-testid="space-total-value"
      >
        {value}
      </p>
      <p className="hidden truncate text-xs text-fg-muted sm:block">{help}</p>
    </div>
  );
}

/** The store's figures above the list: all stored bytes, those of files in use and those in trash. */
export function SpaceTotals({ totals }: { totals: UserSpaceTotals }) {
  const { trans, language } = useTrans();
  const formatMoment = useFormatMoment();
  const users = new Intl.NumberFormat(language).format(totals.users);
  return (
    <section aria-label={trans('Space totals')} className="flex flex-col gap-2">
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3 sm:gap-3">
        <TotalCard
          label={trans('Space used on the store')}
          value={formatBytes(totals.store)}
          help={trans('Every stored file, trash included')}
        />
        <TotalCard
          label={trans('Used by all users')}
          value={formatBytes(totals.live)}
          help={trans(':count users store files', { count: users })}
        />
        <TotalCard
          label={trans('In trash')}
          value={formatBytes(totals.trash)}
          help={trans('Freed when trash is emptied')}
        />
      </div>
      <p className="text-xs text-fg-muted">
        {trans('Figures as of :time; they are refreshed every minute.', {
          time: formatMoment(totals.computed_at, true),
        })}
      </p>
    </section>
  );
}
