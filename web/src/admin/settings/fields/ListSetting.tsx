import type { ReactNode } from 'react';
import { TextArea } from '../../../ui/TextArea.tsx';
import { useSetting } from '../SettingsFormContext.ts';
import { nestedError } from '../settings-form.ts';
import { formatList, parseList } from '../setting-values.ts';
import { SettingField } from './SettingField.tsx';
import { useDraft } from './useDraft.ts';

/** The server names an entry by its place ('auth.domain_blacklist.2: ...'): say the entry instead. */
function entryMessage(name: string, message: string | undefined, list: unknown): string | undefined {
  const nested = message ? nestedError(name, message) : undefined;
  const entry = nested && Array.isArray(list) ? list[Number(nested.path[0])] : undefined;
  return entry === undefined || !nested ? message : `${String(entry)}: ${nested.text}`;
}

type Props = { name: string; label: ReactNode; help?: string; placeholder?: string; className?: string };

/** A list of short strings (domains, file types), typed one a line or comma-separated. */
export function ListSetting({ name, label, help, placeholder, className }: Props) {
  const setting = useSetting<string[]>(name, help);
  const [text, setText] = useDraft(setting.value, formatList);
  const error = entryMessage(name, setting.error, setting.value);
  return (
    <SettingField name={name} error={error} className={className}>
      <TextArea
        name={name}
        label={label}
        rows={4}
        value={text}
        onChange={(next) => {
          const list = parseList(next);
          setText(next, list);
          setting.set(list);
        }}
        placeholder={placeholder}
        isDisabled={setting.isLocked}
        description={setting.description}
        errorMessage={error}
      />
    </SettingField>
  );
}
