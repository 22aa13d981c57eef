import { useState } from 'react';
import clsx from 'clsx';
import { ChevronRight, RotateCcw, Trash2 } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { THEME_COLOR_TOKENS, THEME_RADII } from '@kosh/contracts/admin-appearance';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { Button } from '../../../ui/Button.tsx';
import { focusRing } from '../../../ui/button-styles.ts';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { ColorField } from './ColorField.tsx';
import { DeleteThemeDialog } from './DeleteThemeDialog.tsx';
import { useThemeDraft } from './ThemeEditorLayout.tsx';
import { defaultTheme, fontOf, resetColours } from './theme-draft.ts';

const panelLink = clsx(
  'flex items-center gap-3 rounded-kosh border border-divider px-3 py-2 text-sm hover:bg-bg-alt',
  focusRing,
);

/** /admin/appearance/themes/:themeIndex: the theme's settings, links to font and rounding, and its colours. */
export function ThemeColors() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const { theme, themes, index, draft, errors, setField, setValue, setValues } = useThemeDraft();
  const [isDeleting, setDeleting] = useState(false);
  const base = `/admin/appearance/themes/${index}`;
  const font = fontOf(draft.values['--kosh-font']);
  const radius = THEME_RADII.find((r) => r.value === draft.values['--kosh-radius']);
  const resetSource = defaultTheme(themes, draft.is_dark);

  return (
    <div className="relative flex flex-col gap-4">
      <h2 className="truncate text-base font-medium">{draft.name || theme.name}</h2>
      <TextField
        label={trans('Name')}
        isRequired
        value={draft.name}
        onChange={(name) => setField('name', name)}
        errorMessage={errors.name}
      />
      <div className="flex flex-col gap-2">
        <Checkbox isSelected={draft.is_dark} onChange={(v) => setField('is_dark', v)}>
          {trans('Dark theme')}
        </Checkbox>
        <Checkbox isSelected={draft.default_light} onChange={(v) => setField('default_light', v)}>
          {trans('Default for light mode')}
        </Checkbox>
        <Checkbox isSelected={draft.default_dark} onChange={(v) => setField('default_dark', v)}>
          {trans('Default for dark mode')}
        </Checkbox>
        {(errors.default_light || errors.default_dark || errors.is_dark) && (
          <p className="text-xs text-danger">{errors.default_light ?? errors.default_dark ?? errors.is_dark}</p>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <Link to={`${base}/font`} className={panelLink}>
          <span className="flex-1">{trans('Font')}</span>
          <span className="text-fg-muted" style={{ fontFamily: font?.family }}>
            {font ? font.label : trans('System')}
          </span>
          <ChevronRight size={18} className="text-fg-muted" aria-hidden />
        </Link>
        <Link to={`${base}/radius`} className={panelLink}>
          <span className="flex-1">{trans('Rounding')}</span>
          <span className="text-fg-muted">{radius ? trans(radius.label) : ''}</span>
          <ChevronRight size={18} className="text-fg-muted" aria-hidden />
        </Link>
      </div>
      <section aria-labelledby="theme-colours" className="flex flex-col gap-4">
        <div className="flex items-center gap-2">
          <h3 id="theme-colours" className="flex-1 text-sm font-medium">
            {trans('Colours')}
          </h3>
          <Button
            variant="text"
            size="sm"
            isDisabled={!resetSource}
            startIcon={<RotateCcw size={16} aria-hidden />}
            onPress={() => resetSource && setValues(resetColours(draft.values, resetSource.values))}
          >
            {trans('Reset colours')}
          </Button>
        </div>
        {THEME_COLOR_TOKENS.map((token) => (
          <ColorField
            key={token}
            token={token}
            values={draft.values}
            onChange={(value) => setValue(token, value)}
            errorMessage={errors[token]}
          />
        ))}
      </section>
      <Button
        variant="danger-text"
        className="self-start"
        startIcon={<Trash2 size={18} aria-hidden />}
        onPress={() => setDeleting(true)}
      >
        {trans('Delete theme')}
      </Button>
      <DeleteThemeDialog
        theme={isDeleting ? theme : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate('/admin/appearance/themes')}
      />
    </div>
  );
}

export { ThemeColors as Component };
