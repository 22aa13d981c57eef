import clsx from 'clsx';
import { X } from 'lucide-react';
import { useBootstrapData } from '../../shell/bootstrap-store.ts';
import { formatDateAs, useDateFormat } from '../../shell/i18n/date-format.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { focusRing } from '../../ui/button-styles.ts';
import { filterChips, type FilterDef, type FilterValues } from './filters.ts';

type Props = {
  filters: readonly FilterDef[];
  values: FilterValues;
  onRemove: (keys: string[]) => void;
  onClear: () => void;
};

/** The active filters as chips: a click on one removes it; Clear filters removes them all. */
export function FilterChips({ filters, values, onRemove, onClear }: Props) {
  const { trans } = useTrans();
  const { i18n } = useBootstrapData();
  const dateFormat = useDateFormat();
  // The lists read filter dates as calendar days in UTC.
  const formatDay = (day: string) => formatDateAs(`${day}T00:00:00Z`, dateFormat, i18n.language, 'UTC');
  const chips = filterChips(filters, values, { trans, formatDay });
  if (!chips.length) return null;
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label={trans('Active filters')}>
      {chips.map((chip) => (
        <li key={chip.id}>
          <button
            type="button"
            onClick={() => onRemove(chip.keys)}
            aria-label={trans('Remove filter :name', { name: chip.label })}
            className={clsx(
              'inline-flex h-8 max-w-[320px] items-center gap-1.5 rounded-full bg-bg-chip pr-2 pl-3',
              'text-xs font-medium text-fg transition-colors duration-125 hover:brightness-95',
              focusRing,
            )}
          >
            <span className="truncate">{chip.label}</span>
            <X size={14} aria-hidden className="shrink-0 text-fg-muted" />
          </button>
        </li>
      ))}
      {chips.length > 1 && (
        <li>
          <button
            type="button"
            onClick={onClear}
            className={clsx('h-8 rounded-full px-3 text-xs font-medium text-primary hover:bg-bg-alt', focusRing)}
          >
            {trans('Clear filters')}
          </button>
        </li>
      )}
    </ul>
  );
}
