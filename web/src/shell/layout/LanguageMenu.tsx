import { Check } from 'lucide-react';
import { Button as AriaButton } from 'react-aria-components';
import { useChangeLocale } from '../../api/locale.api.ts';
import type { MenuOpenState } from '../../ui/DeferredMenu.tsx';
import { Dropdown, MenuItem } from '../../ui/Menu.tsx';
import { useBootstrapData } from '../bootstrap-store.ts';
import { useTrans } from '../i18n/useTrans.tsx';
import { LanguageTriggerContent, languageTriggerProps } from './LanguagePicker.tsx';

/** The language dropdown: picking another language changes the user's locale. */
export function LanguageMenu({ isOpen, onOpenChange }: MenuOpenState) {
  const { trans } = useTrans();
  const { localizations, i18n } = useBootstrapData();
  const changeLocale = useChangeLocale();
  return (
    <Dropdown
      aria-label={trans('Language')}
      placement="top start"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      onAction={(key) => {
        if (key !== i18n.language) changeLocale.mutate(String(key));
      }}
      trigger={
        <AriaButton {...languageTriggerProps(trans, i18n.name)}>
          <LanguageTriggerContent name={i18n.name} />
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
