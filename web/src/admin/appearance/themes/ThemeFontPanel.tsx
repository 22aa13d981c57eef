import { Label, Radio, RadioGroup } from 'react-aria-components';
import clsx from 'clsx';
import { Check } from 'lucide-react';
import { THEME_FONTS } from '@kosh/contracts/admin-appearance';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { useThemeDraft } from './ThemeEditorLayout.tsx';

const optionClass = (isSelected: boolean, isFocusVisible: boolean) =>
  clsx(
    'flex cursor-pointer items-center gap-3 rounded-kosh border px-3 py-3 text-fg',
    isSelected ? 'border-primary bg-bg-chip' : 'border-divider hover:bg-bg-alt',
    isFocusVisible && 'outline-2 outline-offset-2 outline-primary',
  );

/** /admin/appearance/themes/:themeIndex/font: the fonts Kosh ships, each shown in itself. */
export function ThemeFontPanel() {
  const { trans } = useTrans();
  const { draft, setValue, errors } = useThemeDraft();
  return (
    <RadioGroup
      value={draft.values['--kosh-font'] ?? null}
      onChange={(family) => setValue('--kosh-font', family)}
      className="relative flex flex-col gap-2"
    >
      <Label className="text-base font-medium">{trans('Font')}</Label>
      {THEME_FONTS.map((font) => (
        <Radio
          key={font.id}
          value={font.family}
          className={({ isSelected, isFocusVisible }) => optionClass(isSelected, isFocusVisible)}
        >
          {({ isSelected }) => (
            <>
              <span className="flex min-w-0 flex-1 flex-col" style={{ fontFamily: font.family }}>
                <span className="text-base">{font.label}</span>
                <span className="truncate text-sm text-fg-muted">
                  {trans('The quick brown fox jumps over the lazy dog')}
                </span>
              </span>
              {isSelected && <Check size={18} className="shrink-0 text-primary" aria-hidden />}
            </>
          )}
        </Radio>
      ))}
      {errors['--kosh-font'] && <p className="text-xs text-danger">{errors['--kosh-font']}</p>}
    </RadioGroup>
  );
}

export { ThemeFontPanel as Component };
