import { THEME_RADII } from '@kosh/contracts/admin-appearance';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { RadioGroup } from '../../../ui/RadioGroup.tsx';
import { useThemeDraft } from './ThemeEditorLayout.tsx';

const RADIUS_TOKENS = [
  { token: '--kosh-radius', label: 'Buttons, inputs and cards' },
  { token: '--kosh-radius-lg', label: 'Dialogs and panels' },
] as const;

/** /admin/appearance/themes/:themeIndex/radius: the rounding of small and large surfaces. */
export function ThemeRadiusPanel() {
  const { trans } = useTrans();
  const { draft, setValue, errors } = useThemeDraft();
  return (
    <div className="relative flex flex-col gap-6">
      <h2 className="text-base font-medium">{trans('Rounding')}</h2>
      {RADIUS_TOKENS.map(({ token, label }) => (
        <RadioGroup
          key={token}
          label={trans(label)}
          value={draft.values[token] ?? null}
          onChange={(value) => setValue(token, value)}
          errorMessage={errors[token]}
          options={THEME_RADII.map((radius) => ({
            id: radius.value,
            label: (
              <span className="flex items-center gap-3">
                <span
                  aria-hidden
                  className="size-6 border-2 border-fg-muted bg-bg-alt"
                  style={{ borderRadius: radius.value === '9999px' ? radius.value : `calc(${radius.value} / 2)` }}
                />
                {trans(radius.label)}
              </span>
            ),
          }))}
        />
      ))}
    </div>
  );
}

export { ThemeRadiusPanel as Component };
