import { createContext, useContext, useEffect } from 'react';
import { settingsGroupErrorKey } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { firstError } from './settings-form.ts';
import type { SettingsForm } from './useSettingsForm.ts';

export const SettingsFormContext = createContext<SettingsForm | null>(null);

/** The settings form of the open tab. */
export function useSettingsFormContext(): SettingsForm {
  const form = useContext(SettingsFormContext);
  if (!form) throw new Error('A settings field sits outside its form.');
  return form;
}

/**
 * One setting for its field: the value (edited or loaded), a setter, its first error, and the
 * environment variable that fixes it, if any (the field is then read-only with a note instead of help).
 */
export function useSetting<T = unknown>(key: string, help?: string) {
  const { trans } = useTrans();
  const form = useSettingsFormContext();
  const { claim } = form;
  useEffect(() => claim(key), [claim, key]);
  const envVar = form.data.environment[key];
  return {
    value: form.currentValue(key) as T | undefined,
    set: (value: T | string | undefined) => form.set(key, value),
    error: firstError(form.errors, key),
    isLocked: !!envVar,
    description: envVar
      ? trans('Set by the environment variable :name; change it there.', { name: envVar })
      : help && trans(help),
  };
}

/** A credentials group's live-check failure (group:social.google), claimed so it shows above the group. */
export function useGroupError(group: string): string | undefined {
  const form = useSettingsFormContext();
  const { claim } = form;
  const key = settingsGroupErrorKey(group);
  useEffect(() => claim(key), [claim, key]);
  return form.errors[key]?.[0];
}
