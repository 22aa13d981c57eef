import { useCallback, useMemo, useRef, useState } from 'react';
import type { AppearanceSettingKey } from '@kosh/contracts';
import { isApiError } from '../../../api/api-error.ts';
import { showHttpErrorToast } from '../../../api/error-handler.ts';
import { useSettings } from '../../../shell/bootstrap-store.ts';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { fieldErrors, readSetting, useSaveAppearanceSettings } from '../appearance.api.ts';
import { useAppearanceEditor, useEditorSection } from '../editor-context.ts';

export type Draft = Record<string, unknown>;

/** The saved values of some setting keys, read from the editor's bootstrap settings. */
export function savedValues(settings: unknown, keys: readonly AppearanceSettingKey[]): Draft {
  return Object.fromEntries(keys.map((key) => [key, structuredClone(readSetting(settings, key))]));
}

/** Whether a draft differs from what is saved. */
export function isDraftDirty(saved: Draft, draft: Draft): boolean {
  return JSON.stringify(saved) !== JSON.stringify(draft);
}

/**
 * One section's form over some appearance settings: a draft of its keys, previewed as it changes,
 * registered with the editor's Save and Discard. Save sends only these keys; 422s land in `errors`.
 */
export function useSettingsDraft(keys: readonly AppearanceSettingKey[], toPreview: (draft: Draft) => void) {
  const { trans } = useTrans();
  const settings = useSettings();
  const { resetPreview } = useAppearanceEditor();
  const [saved, setSaved] = useState(() => savedValues(settings, keys));
  const [draft, setDraft] = useState(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useSaveAppearanceSettings();
  const previewRef = useRef(toPreview);
  previewRef.current = toPreview;
  const draftRef = useRef(draft);
  draftRef.current = draft;

  const set = useCallback((key: string, value: unknown) => {
    setDraft((prev) => {
      const next = { ...prev, [key]: value };
      previewRef.current(next);
      return next;
    });
    setErrors((prev) => {
      if (!Object.keys(prev).some((k) => k === key || k.startsWith(`${key}.`))) return prev;
      return Object.fromEntries(Object.entries(prev).filter(([k]) => k !== key && !k.startsWith(`${key}.`)));
    });
  }, []);

  const dirty = useMemo(() => isDraftDirty(saved, draft), [saved, draft]);

  const save = useCallback(async () => {
    const values = draftRef.current;
    try {
      await mutation.mutateAsync(values);
      setSaved(values);
      setErrors({});
      toast.positive(trans('Changes saved'));
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        const found = fieldErrors(error.errors);
        setErrors(found);
        if (!Object.keys(found).length) showHttpErrorToast(error);
      }
      // Anything else the general handler has toasted already.
    }
  }, [mutation, trans]);

  const discard = useCallback(() => {
    setDraft(saved);
    setErrors({});
    resetPreview();
  }, [saved, resetPreview]);

  useEditorSection({ dirty, saving: mutation.isPending, save, discard });
  return { draft, saved, set, errors, dirty };
}
