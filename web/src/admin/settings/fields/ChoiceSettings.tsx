import type { ReactNode } from 'react';
import { RadioGroup, type RadioOption } from '../../../ui/RadioGroup.tsx';
import { Select, type SelectGroup, type SelectOption } from '../../../ui/Select.tsx';
import { SettingSwitch } from '../../permissions/SettingSwitch.tsx';
import { useSetting } from '../SettingsFormContext.ts';
import { SettingField } from './SettingField.tsx';

type Props = { name: string; label: ReactNode; help?: string; className?: string };

/** An on/off setting: a switch with its label and a line of help beside it. */
export function SwitchSetting({ name, label, help, className }: Props) {
  const setting = useSetting<boolean>(name, help);
  return (
    <SettingField name={name} error={setting.error} className={className}>
      <SettingSwitch
        isSelected={setting.value === true}
        onChange={setting.set}
        label={label}
        description={setting.description}
        isDisabled={setting.isLocked}
      />
      {setting.error && (
        <p className="mt-1 pl-12 text-xs text-danger" role="alert">
          {setting.error}
        </p>
      )}
    </SettingField>
  );
}

type SelectProps = Props & {
  options: SelectOption[] | SelectGroup[];
  placeholder?: string;
  /** Waiting for the options (an empty list would not open). */
  isLoading?: boolean;
};

/** A setting chosen from a list. */
export function SelectSetting({ name, label, help, className, options, placeholder, isLoading }: SelectProps) {
  const setting = useSetting<string>(name, help);
  const value = setting.value;
  return (
    <SettingField name={name} error={setting.error} className={className}>
      <Select
        name={name}
        label={label}
        options={options}
        value={!isLoading && (typeof value === 'string' || typeof value === 'number') ? value : null}
        onChange={(next) => next !== null && setting.set(String(next))}
        placeholder={placeholder}
        isDisabled={setting.isLocked || isLoading}
        description={setting.description}
        errorMessage={setting.error}
      />
    </SettingField>
  );
}

/** A setting chosen among a few options shown at once. */
export function RadioSetting({ name, label, help, className, options }: Props & { options: RadioOption[] }) {
  const setting = useSetting<string>(name, help);
  return (
    <SettingField name={name} error={setting.error} className={className}>
      <RadioGroup
        label={label}
        options={options}
        value={typeof setting.value === 'string' ? setting.value : null}
        onChange={setting.set}
        isDisabled={setting.isLocked}
        description={setting.description}
        errorMessage={setting.error}
      />
    </SettingField>
  );
}
