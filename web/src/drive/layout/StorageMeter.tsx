import clsx from 'clsx';
import { Cloud } from 'lucide-react';
import { ProgressBar } from 'react-aria-components';
import { useSpaceUsage } from '../../api/drive.api.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { meterState } from '../entry-format.ts';

/** "3.2 GB of 25 GB used" over a 4 px bar that turns danger above 90% (UI.md). */
export function StorageMeter() {
  const { trans } = useTrans();
  const { data } = useSpaceUsage();
  if (!data) return <div className="h-[52px]" aria-hidden />;
  const meter = meterState(data);
  // A percentage with one decimal: aria-valuenow must not read like 1.2e-7.
  const label =
    meter.available === null
      ? trans(':used used', { used: meter.used })
      : trans(':used of :available used', { used: meter.used, available: meter.available });
  return (
    <div className="px-4 pt-2 pb-4" data-testid="storage-meter">
      <div className="mb-2 flex items-center gap-2 text-sm text-fg">
        <Cloud size={18} className="text-fg-muted" aria-hidden />
        {trans('Storage')}
      </div>
      {meter.available !== null && (
        <ProgressBar
          value={Math.round(meter.ratio * 1000) / 10}
          aria-label={trans('Storage')}
          valueLabel={label}
          className="mb-1.5 h-1 w-full overflow-hidden rounded-full bg-divider"
        >
          <div
            className={clsx(
              'h-full rounded-full transition-[width] duration-200',
              meter.isNearlyFull ? 'bg-danger' : 'bg-primary',
            )}
            style={{ width: `${Math.max(meter.ratio * 100, meter.ratio > 0 ? 1 : 0)}%` }}
            data-nearly-full={meter.isNearlyFull || undefined}
          />
        </ProgressBar>
      )}
      <p className={clsx('text-xs', meter.isNearlyFull ? 'text-danger' : 'text-fg-muted')}>{label}</p>
    </div>
  );
}
