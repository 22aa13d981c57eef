import { type ReactNode, useId } from 'react';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { Select } from '../../../ui/Select.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useSetting } from '../SettingsFormContext.ts';
import { parseSize, type SizeUnit, splitSize } from '../setting-values.ts';
import { SettingField } from './SettingField.tsx';
import { useDraft } from './useDraft.ts';

type Props = {
  name: string;
  label: string;
  help?: string;
  units?: readonly SizeUnit[];
  /** Said beside the field while the amount is 0 ('No limit'). */
  zeroMeans?: ReactNode;
};

/** A size in bytes, typed as an amount and a unit (MB, GB); text that is no number is reported on save. */
export function SizeSetting({ name, label, help, units = ['MB', 'GB'], zeroMeans }: Props) {
  const { trans } = useTrans();
  const setting = useSetting<number>(name, help);
  const descriptionId = useId();
  const [draft, setDraft] = useDraft(setting.value, (value) =>
    typeof value === 'number' ? splitSize(value, units) : { amount: String(value ?? ''), unit: units[0] },
  );
  const emit = (amount: string, unit: SizeUnit) => {
    const bytes = parseSize(amount, unit) ?? amount;
    setDraft({ amount, unit }, bytes);
    setting.set(bytes);
  };
  return (
    <SettingField name={name} error={setting.error} className="flex flex-col gap-1">
      <div className="flex items-start gap-2">
        <TextField
          name={name}
          label={label}
          inputMode="decimal"
          value={draft.amount}
          onChange={(amount) => emit(amount, draft.unit)}
          isDisabled={setting.isLocked}
          errorMessage={setting.error}
          aria-describedby={setting.description ? descriptionId : undefined}
          className="w-40"
          endAdornment={
            zeroMeans && setting.value === 0 ? <span className="pr-2 text-xs text-fg-muted">{zeroMeans}</span> : null
          }
        />
        <Select
          label={trans('Unit')}
          name={`${name}.unit`}
          options={units.map((u) => ({ id: u, label: u }))}
          value={draft.unit}
          onChange={(unit) => unit && emit(draft.amount, unit as SizeUnit)}
          isDisabled={setting.isLocked}
          className="w-24"
        />
      </div>
      {setting.description && (
        <p id={descriptionId} className="text-xs text-fg-muted">
          {setting.description}
        </p>
      )}
    </SettingField>
  );
}
