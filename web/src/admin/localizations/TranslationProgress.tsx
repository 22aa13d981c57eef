import clsx from 'clsx';
import { ProgressBar } from 'react-aria-components';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { formatCount } from '../table/table-state.ts';

type Props = { translated: number; total: number; className?: string };

/** "N of M lines translated" over a 4 px bar (the share of the app's English lines). */
export function TranslationProgress({ translated, total, className }: Props) {
  const { trans, language } = useTrans();
  const label = trans(':translated of :total lines translated', {
    translated: formatCount(translated, language),
    total: formatCount(total, language),
  });
  const percent = total ? Math.min(100, Math.round((translated / total) * 100)) : 0;
  return (
    <ProgressBar value={percent} aria-label={label} className={clsx('flex min-w-0 flex-col gap-1', className)}>
      <span className="text-sm text-fg">{label}</span>
      <span className="block h-1 w-full overflow-hidden rounded-full bg-divider">
        <span className="block h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
      </span>
    </ProgressBar>
  );
}
