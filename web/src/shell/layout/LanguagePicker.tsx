import { Check, Globe } from 'lucide-react';
import { Button as AriaButton } from 'react-aria-components';
import { useChangeLocale } from '../../api/locale.api.ts';
import { buttonClasses } from '../../ui/button-styles.ts';
import { Dropdown, MenuItem } from '../../ui/Menu.tsx';
import { useBootstrapData } from '../bootstrap-store.ts';
import { useTrans } from '../i18n/useTrans.tsx';

/** Shown when settings.i18n.enable and more than one localization exists (part 1, 2.6). */
export function LanguagePicker() {
  const { trans } = useTrans();
  const { settings, localizations, i18n } = useBootstrapData();
  const changeLocale = useChangeLocale();
  if (!settings.i18n?.enable || (localizations?.length ?? 0) < 2) return null;
  return (
    <Dropdown
      aria-label={trans('Language')}
      placement="top start"
      onAction={(key) => {
        if (key !== i18n.language) changeLocale.mutate(String(key));
      }}
      trigger={
        <AriaButton
          aria-label={`${trans('Language')}: ${i18n.name}`}
          className={buttonClasses('ghost', 'md')}
          data-testid="language-picker"
        >
          <Globe size={18} aria-hidden />
          {i18n.name}
        </AriaButton>
      }
    >
      {localizations.map((l) => (
        <MenuItem
          key={l.language}
          id={l.language}
          textValue={l.name}
          icon={l.language === i18n.language ? <Check size={18} /> : undefined}
        >
          {l.name}
        </MenuItem>
      ))}
    </Dropdown>
  );
}
