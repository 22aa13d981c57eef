import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AdminSettings } from '@kosh/contracts';
import { isApiError } from '../../api/api-error.ts';
import { showHttpErrorToast } from '../../api/error-handler.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { useSaveSettings } from './settings.api.ts';
import {
  changedSettings,
  clientSettingErrors,
  type SettingsErrors,
  type SettingsMap,
  unclaimedErrors,
} from './settings-form.ts';

/** Moves focus to the first field (or group alert) showing an error, in the page's order. */
function focusFirstError() {
  const invalid = document.querySelector<HTMLElement>('[data-setting-invalid]');
  if (!invalid) return;
  const control = invalid.querySelector<HTMLElement>('input:not([type="hidden"]), textarea, button');
  if (control) control.focus();
  invalid.scrollIntoView({ block: 'center', behavior: 'instant' });
}

/**
 * One settings tab as a form: the loaded values with the edits over them, the changed keys, a save
 * of those only (PUT settings), the 422's messages by key, and a toast on success. Fields claim the
 * keys they show; a message no field claims becomes a toast so it is never lost.
 */
export function useSettingsForm(data: AdminSettings) {
  const { trans } = useTrans();
  const [edits, setEdits] = useState<SettingsMap>({});
  const [errors, setErrors] = useState<SettingsErrors>({});
  // Bumped after a save or discard: fields with their own state (a secret being replaced) start over.
  const [version, setVersion] = useState(0);
  const [focusRequest, setFocusRequest] = useState(0);
  const claimed = useRef(new Set<string>());
  const mutation = useSaveSettings();
  const changes = useMemo(() => changedSettings(data.settings, edits), [data.settings, edits]);

  useEffect(() => {
    if (focusRequest) focusFirstError();
  }, [focusRequest]);

  const currentValue = useCallback(
    (key: string) => (Object.hasOwn(edits, key) ? edits[key] : data.settings[key]),
    [edits, data.settings],
  );
  const set = useCallback((key: string, value: unknown) => {
    setEdits((prev) => ({ ...prev, [key]: value }));
    setErrors((prev) => {
      if (!Object.keys(prev).some((k) => k === key || k.startsWith(`${key}.`))) return prev;
      return Object.fromEntries(Object.entries(prev).filter(([k]) => k !== key && !k.startsWith(`${key}.`)));
    });
  }, []);
  const claim = useCallback((key: string) => {
    claimed.current.add(key);
    return () => void claimed.current.delete(key);
  }, []);
  const showErrors = (found: SettingsErrors) => {
    setErrors(found);
    setFocusRequest((n) => n + 1);
  };

  const save = () => {
    if (!Object.keys(changes).length || mutation.isPending) return;
    const found = clientSettingErrors(changes, currentValue);
    if (Object.keys(found).length) return showErrors(found);
    setErrors({});
    mutation.mutate(changes, {
      onSuccess: () => {
        setEdits({});
        setVersion((v) => v + 1);
        toast.positive(trans('Settings saved'));
      },
      onError: (error) => {
        if (!isApiError(error) || error.status !== 422) return;
        const lost = unclaimedErrors(error.errors, claimed.current);
        if (!Object.keys(error.errors).length) showHttpErrorToast(error);
        else if (lost[0]) toast.danger(`${lost[0]}: ${error.errors[lost[0]]?.[0] ?? ''}`);
        showErrors(error.errors);
      },
    });
  };
  const discard = () => {
    setEdits({});
    setErrors({});
    setVersion((v) => v + 1);
  };

  return {
    data,
    currentValue,
    set,
    errors,
    claim,
    changes,
    isDirty: Object.keys(changes).length > 0,
    isSaving: mutation.isPending,
    save,
    discard,
    version,
  };
}

export type SettingsForm = ReturnType<typeof useSettingsForm>;
