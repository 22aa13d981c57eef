import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Outlet, useOutletContext, useParams } from 'react-router';
import type { Theme } from '@kosh/contracts';
import type { SaveThemeBody } from '@kosh/contracts/admin-appearance';
import { isApiError } from '../../../api/api-error.ts';
import { showHttpErrorToast } from '../../../api/error-handler.ts';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { useAppearanceEditor, useEditorSection } from '../editor-context.ts';
import { themeBody } from './theme-draft.ts';
import { refreshThemes, themesApi, useAdminThemes } from './themes.api.ts';

export type ThemeDraft = {
  theme: Theme;
  themes: Theme[];
  index: number;
  draft: SaveThemeBody;
  errors: Record<string, string>;
  setField: <K extends Exclude<keyof SaveThemeBody, 'values'>>(key: K, value: SaveThemeBody[K]) => void;
  /** Sets one token and previews it in the frame. */
  setValue: (token: string, value: string) => void;
  /** Replaces every value (Reset colours) and previews each. */
  setValues: (values: Record<string, string>) => void;
};

/** The draft of the theme being edited, shared by its colours, font and rounding screens. */
export const useThemeDraft = () => useOutletContext<ThemeDraft>();

/** Field errors of a 422: `values.--kosh-bg` becomes `--kosh-bg`. */
function themeFieldErrors(errors: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([, messages]) => messages?.[0])
      .map(([key, messages]) => [key.replace(/^values\./, ''), messages[0]]),
  );
}

const withoutKey = (errors: Record<string, string>, key: string) =>
  key in errors ? Object.fromEntries(Object.entries(errors).filter(([k]) => k !== key)) : errors;

function ThemeDraftProvider({ theme, themes, index }: { theme: Theme; themes: Theme[]; index: number }) {
  const { trans } = useTrans();
  const { preview, resetPreview, setPreviewPage } = useAppearanceEditor();
  const [saved, setSaved] = useState(() => themeBody(theme));
  const [draft, setDraft] = useState(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const draftRef = useRef(draft);
  draftRef.current = draft;

  const previewValue = useCallback(
    (token: string, value: string) =>
      preview(
        token === '--kosh-font' ? { type: 'setFont', font: value } : { type: 'setThemeVariable', name: token, value },
      ),
    [preview],
  );

  // Opening a theme: the frame shows the drive in that theme, without another theme's previewed colours.
  useEffect(() => {
    resetPreview();
    setPreviewPage('drive');
    preview({ type: 'setActiveTheme', themeId: theme.id });
  }, [theme.id, preview, resetPreview, setPreviewPage]);

  const value = useMemo<ThemeDraft>(
    () => ({
      theme,
      themes,
      index,
      draft,
      errors,
      setField: (key, next) => {
        setDraft((prev) => ({ ...prev, [key]: next }));
        if (key === 'is_dark') preview({ type: 'setActiveTheme', themeId: theme.id, isDark: Boolean(next) });
        setErrors((prev) => withoutKey(prev, key));
      },
      setValue: (token, next) => {
        setDraft((prev) => ({ ...prev, values: { ...prev.values, [token]: next } }));
        previewValue(token, next);
        setErrors((prev) => withoutKey(prev, token));
      },
      setValues: (values) => {
        setDraft((prev) => ({ ...prev, values }));
        for (const [token, next] of Object.entries(values)) previewValue(token, next);
      },
    }),
    [theme, themes, index, draft, errors, preview, previewValue],
  );

  const dirty = JSON.stringify(saved) !== JSON.stringify(draft);
  const save = useCallback(async () => {
    const body = draftRef.current;
    setSaving(true);
    try {
      const stored = await themesApi.update(theme.id, body);
      const next = themeBody(stored);
      setSaved(next);
      setDraft(next);
      setErrors({});
      await refreshThemes();
      toast.positive(trans('Theme saved'));
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        const found = themeFieldErrors(error.errors);
        setErrors(found);
        if (!Object.keys(found).length) showHttpErrorToast(error);
      } else showHttpErrorToast(error);
    } finally {
      setSaving(false);
    }
  }, [theme.id, trans]);
  const discard = useCallback(() => {
    setDraft(saved);
    setErrors({});
    resetPreview();
    preview({ type: 'setActiveTheme', themeId: theme.id });
  }, [saved, theme.id, preview, resetPreview]);
  useEditorSection({ dirty, saving, save, discard, scope: `/admin/appearance/themes/${index}` });

  return <Outlet context={value} />;
}

/** /admin/appearance/themes/:themeIndex and its font and rounding screens. */
export function ThemeEditorLayout() {
  const { trans } = useTrans();
  const { themeIndex } = useParams();
  const themes = useAdminThemes();
  const index = Number(themeIndex);
  const theme = themes.data?.[index];
  if (themes.isPending) return <Spinner label={trans('Loading')} />;
  if (!theme || !themes.data) return <p className="text-sm text-fg-muted">{trans('This theme does not exist.')}</p>;
  return <ThemeDraftProvider key={theme.id} theme={theme} themes={themes.data} index={index} />;
}

export { ThemeEditorLayout as Component };
