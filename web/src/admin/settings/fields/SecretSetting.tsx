import { useId, useState } from 'react';
import clsx from 'clsx';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useSetting, useSettingsFormContext } from '../SettingsFormContext.ts';
import { SettingField } from './SettingField.tsx';

type Props = { name: string; label: string; help?: string };

const chip = 'inline-flex h-6 items-center rounded-full px-2.5 text-xs font-medium';

/**
 * A credential the server never sends back: it says only whether one is set. Replace reveals a
 * password input whose text is sent; Remove sends '' to clear it; leaving it alone keeps it.
 */
export function SecretSetting({ name, label, help }: Props) {
  const { trans } = useTrans();
  const { data } = useSettingsFormContext();
  const setting = useSetting<string>(name, help);
  const isSet = !!data.secrets[name];
  const [isReplacing, setReplacing] = useState(false);
  const statusId = useId();
  const isRemoving = setting.value === '';
  const error = setting.error && <p className="text-xs text-danger">{setting.error}</p>;

  if (!setting.isLocked && (isReplacing || !isSet) && !isRemoving) {
    return (
      <SettingField name={name} error={setting.error} className="flex items-start gap-2">
        <TextField
          name={name}
          type="password"
          revealable
          autoComplete="off"
          label={label}
          value={setting.value ?? ''}
          // Nothing typed keeps the secret as it is.
          onChange={(text) => setting.set(text === '' ? undefined : text)}
          placeholder={isSet ? undefined : trans('Not set')}
          description={setting.description}
          errorMessage={setting.error}
          className="min-w-0 flex-1"
          autoFocus={isReplacing}
        />
        {isSet && (
          <Button
            variant="text"
            // Level with the input, under its label.
            className="mt-6"
            onPress={() => {
              setting.set(undefined);
              setReplacing(false);
            }}
          >
            {trans('Cancel')}
          </Button>
        )}
      </SettingField>
    );
  }

  return (
    <SettingField name={name} error={setting.error}>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium text-fg">{label}</legend>
        <div className="flex min-h-10 flex-wrap items-center gap-2">
          <span
            id={statusId}
            className={clsx(
              chip,
              isRemoving ? 'border border-danger text-danger' : isSet ? 'bg-bg-chip text-fg' : 'border border-divider',
            )}
          >
            {isRemoving ? trans('Removed when you save') : isSet ? trans('Set') : trans('Not set')}
          </span>
          {!setting.isLocked &&
            (isRemoving ? (
              <Button variant="text" size="sm" onPress={() => setting.set(undefined)}>
                {trans('Undo')}
              </Button>
            ) : (
              <>
                <Button variant="secondary" size="sm" onPress={() => setReplacing(true)} aria-describedby={statusId}>
                  {trans('Replace')}
                </Button>
                <Button variant="danger-text" size="sm" onPress={() => setting.set('')} aria-describedby={statusId}>
                  {trans('Remove')}
                </Button>
              </>
            ))}
        </div>
        {setting.description && <p className="text-xs text-fg-muted">{setting.description}</p>}
        {error}
      </fieldset>
    </SettingField>
  );
}
