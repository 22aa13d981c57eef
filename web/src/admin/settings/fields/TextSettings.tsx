import type { ReactNode } from 'react';
import { TextArea } from '../../../ui/TextArea.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useSetting } from '../SettingsFormContext.ts';
import { formatDecimal, parseDecimal } from '../setting-values.ts';
import { SettingField } from './SettingField.tsx';
import { useDraft } from './useDraft.ts';

type Props = {
  name: string;
  label: ReactNode;
  help?: string;
  placeholder?: string;
  type?: 'text' | 'email' | 'url';
  className?: string;
};

type TextAreaProps = Omit<Props, 'type'> & { rows?: number };

/** A setting holding text. */
export function TextSetting({ name, label, help, placeholder, type = 'text', className }: Props) {
  const setting = useSetting<string>(name, help);
  return (
    <SettingField name={name} error={setting.error} className={className}>
      <TextField
        name={name}
        type={type}
        label={label}
        value={typeof setting.value === 'string' ? setting.value : ''}
        onChange={setting.set}
        placeholder={placeholder}
        isDisabled={setting.isLocked}
        description={setting.description}
        errorMessage={setting.error}
      />
    </SettingField>
  );
}

const numberText = (value: unknown) =>
  typeof value === 'number' ? formatDecimal(value, 6) : typeof value === 'string' ? value : '';

/** A setting holding a number; text that is no number is kept to be reported on save. */
export function NumberSetting({ name, label, help, placeholder, className }: Omit<Props, 'type'>) {
  const setting = useSetting<number>(name, help);
  const [text, setText] = useDraft(setting.value, numberText);
  return (
    <SettingField name={name} error={setting.error} className={className}>
      <TextField
        name={name}
        label={label}
        inputMode="decimal"
        value={text}
        onChange={(next) => {
          const parsed = parseDecimal(next);
          const emitted = parsed ?? next;
          setText(next, emitted);
          setting.set(emitted);
        }}
        placeholder={placeholder}
        isDisabled={setting.isLocked}
        description={setting.description}
        errorMessage={setting.error}
      />
    </SettingField>
  );
}

/** A setting holding text of several lines (an address, a note). */
export function TextAreaSetting({ name, label, help, placeholder, className, rows = 4 }: TextAreaProps) {
  const setting = useSetting<string>(name, help);
  return (
    <SettingField name={name} error={setting.error} className={className}>
      <TextArea
        name={name}
        label={label}
        rows={rows}
        value={typeof setting.value === 'string' ? setting.value : ''}
        onChange={setting.set}
        placeholder={placeholder}
        isDisabled={setting.isLocked}
        description={setting.description}
        errorMessage={setting.error}
      />
    </SettingField>
  );
}
