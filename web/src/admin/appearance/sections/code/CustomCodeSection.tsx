import { lazy, Suspense, useId } from 'react';
import type { AppearanceSettingKey } from '@kosh/contracts';
import { useTrans } from '../../../../shell/i18n/useTrans.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { useAppearanceEditor } from '../../editor-context.ts';
import { SectionTitle } from '../SectionLinks.tsx';
import { useSettingsDraft } from '../useSettingsDraft.ts';

const CodeEditor = lazy(() => import('./CodeEditor.tsx'));

export const CODE_KEYS = ['custom_code.css', 'custom_code.html'] as const satisfies readonly AppearanceSettingKey[];

const EDITORS = [
  { key: 'custom_code.css', mode: 'css', label: 'Custom CSS' },
  { key: 'custom_code.html', mode: 'html', label: 'Custom HTML' },
] as const;

/** /admin/appearance/custom-code: the site's own CSS and HTML, previewed as they are typed. */
export function CustomCodeSection() {
  const { trans } = useTrans();
  const { preview } = useAppearanceEditor();
  const id = useId();
  const { draft, set, errors } = useSettingsDraft(CODE_KEYS, (next) => {
    for (const { key, mode } of EDITORS) preview({ type: 'setCustomCode', mode, value: String(next[key]) });
  });
  return (
    <div className="flex flex-col gap-5">
      <SectionTitle>Custom code</SectionTitle>
      {EDITORS.map(({ key, mode, label }) => (
        <div key={key} className="flex flex-col gap-1">
          <span id={`${id}-${mode}`} className="text-sm font-medium text-fg">
            {trans(label)}
          </span>
          <Suspense fallback={<Spinner />}>
            <CodeEditor
              label={trans(label)}
              labelId={`${id}-${mode}`}
              language={mode}
              value={String(draft[key])}
              onChange={(value) => set(key, value)}
            />
          </Suspense>
          {errors[key] && (
            <span role="alert" className="text-xs text-danger">
              {errors[key]}
            </span>
          )}
        </div>
      ))}
      <p className="text-xs text-fg-muted">
        {trans('Custom code is never served on sign-in, two-factor, shareable link and admin pages.')}
      </p>
    </div>
  );
}

export { CustomCodeSection as Component };
