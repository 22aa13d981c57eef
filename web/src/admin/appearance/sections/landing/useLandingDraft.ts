import { useCallback, useEffect } from 'react';
import type { LandingSettings } from '@kosh/contracts';
import { useAppearanceEditor } from '../../editor-context.ts';
import { useSettingsDraft } from '../useSettingsDraft.ts';
import { getIn, setIn } from './landing-draft.ts';

const KEYS = ['landing'] as const;

/**
 * The `landing` setting as a draft: the frame shows the landing page while a landing screen is
 * open, and every change previews there. `field(path)` gives a control its value, setter and error.
 */
export function useLandingDraft() {
  const { preview, setPreviewPage } = useAppearanceEditor();
  const { draft, set, errors } = useSettingsDraft(KEYS, (next) =>
    preview({ type: 'setValues', values: { landing: next.landing as LandingSettings } }),
  );
  useEffect(() => setPreviewPage('landing'), [setPreviewPage]);
  const landing = draft.landing as LandingSettings;
  const update = useCallback(
    (path: string, value: unknown) => set('landing', setIn(landing, path, value)),
    [landing, set],
  );
  const field = (path: string) => ({
    value: String(getIn(landing, path)),
    onChange: (value: string) => update(path, value),
    errorMessage: errors[`landing.${path}`],
  });
  return { landing, update, field, errors };
}
