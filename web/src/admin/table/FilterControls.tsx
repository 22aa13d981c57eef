import clsx from 'clsx';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Select } from '../../ui/Select.tsx';
import type { FilterDef, FilterValues } from './filters.ts';

const ANY = 'any';

const dateInputClasses = clsx(
  'h-10 w-full min-w-0 rounded-kosh border border-divider bg-bg px-3 text-sm text-fg outline-none',
  'transition-[border-color,box-shadow] duration-125 ease-kosh',
  'focus:border-primary focus:ring-1 focus:ring-primary',
);

type Props = {
  filters: readonly FilterDef[];
  values: FilterValues;
  onChange: (values: Record<string, string | null>) => void;
};

function DateRangeControl({
  def,
  values,
  onChange,
}: { def: Extract<FilterDef, { kind: 'dateRange' }> } & Omit<Props, 'filters'>) {
  const { trans } = useTrans();
  const from = values[def.fromKey] ?? '';
  const to = values[def.toKey] ?? '';
  const end = (key: string, label: string, value: string, bounds: { min?: string; max?: string }) => (
    <label className="flex min-w-0 flex-1 flex-col gap-1">
      <span className="text-xs text-fg-muted">{label}</span>
      <input
        type="date"
        value={value}
        min={bounds.min || undefined}
        max={bounds.max || undefined}
        onChange={(event) => onChange({ [key]: event.target.value || null })}
        aria-label={`${trans(def.label)}: ${label}`}
        className={dateInputClasses}
      />
    </label>
  );
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-fg">{trans(def.label)}</legend>
      <div className="flex gap-2">
        {end(def.fromKey, trans('From'), from, { max: to })}
        {end(def.toKey, trans('To'), to, { min: from })}
      </div>
    </fieldset>
  );
}

const MB = 1024 * 1024;

/** Two sizes in megabytes; the URL holds bytes, as the list's endpoint takes them. */
function SizeRangeControl({
  def,
  values,
  onChange,
}: { def: Extract<FilterDef, { kind: 'sizeRange' }> } & Omit<Props, 'filters'>) {
  const { trans } = useTrans();
  const end = (key: string, label: string) => {
    const bytes = values[key];
    return (
      <label className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="text-xs text-fg-muted">{label}</span>
        <input
          type="number"
          min={0}
          step="any"
          inputMode="decimal"
          defaultValue={bytes ? String(+(Number(bytes) / MB).toFixed(2)) : ''}
          key={bytes ?? ''}
          onBlur={(event) => {
            const mb = Number(event.target.value);
            const next = event.target.value === '' || !(mb >= 0) ? null : String(Math.round(mb * MB));
            if (next !== (bytes ?? null)) onChange({ [key]: next });
          }}
          onKeyDown={(event) => event.key === 'Enter' && event.currentTarget.blur()}
          aria-label={`${trans(def.label)}: ${label}`}
          className={dateInputClasses}
        />
      </label>
    );
  };
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-fg">{trans(def.label)}</legend>
      <div className="flex gap-2">
        {end(def.minKey, trans('Min (MB)'))}
        {end(def.maxKey, trans('Max (MB)'))}
      </div>
    </fieldset>
  );
}

/** One control per filter: a select for yes/no and option filters, two dates for a range; changes apply at once. */
export function FilterControls({ filters, values, onChange }: Props) {
  const { trans } = useTrans();
  return (
    <div className="flex flex-col gap-4">
      {filters.map((def) => {
        if (def.kind === 'dateRange') {
          return <DateRangeControl key={def.key} def={def} values={values} onChange={onChange} />;
        }
        if (def.kind === 'sizeRange') {
          return <SizeRangeControl key={def.key} def={def} values={values} onChange={onChange} />;
        }
        if (def.kind === 'custom') {
          const { Control } = def;
          return (
            <Control
              key={def.key}
              label={trans(def.label)}
              value={values[def.key]}
              onChange={(value) => onChange({ [def.key]: value })}
            />
          );
        }
        const options =
          def.kind === 'boolean'
            ? [
                { id: 'true', label: trans(def.trueLabel) },
                { id: 'false', label: trans(def.falseLabel) },
              ]
            : def.options.map((o) => ({ id: o.value, label: trans(o.label) }));
        return (
          <Select
            key={def.key}
            label={trans(def.label)}
            options={[{ id: ANY, label: trans('Any') }, ...options]}
            value={values[def.key] ?? ANY}
            onChange={(value) => onChange({ [def.key]: value === ANY || value === null ? null : String(value) })}
          />
        );
      })}
    </div>
  );
}
