import { Globe } from 'lucide-react';
import { buttonClasses } from '../../ui/button-styles.ts';
import { DeferredMenu, type MenuLoader } from '../../ui/DeferredMenu.tsx';
import { useBootstrapData } from '../bootstrap-store.ts';
import { useTrans } from '../i18n/useTrans.tsx';

/** The trigger's name, look and test id, shared by the menu and its stand-in. */
export function languageTriggerProps(trans: (line: string) => string, name: string) {
  return {
    'aria-label': `${trans('Language')}: ${name}`,
    className: buttonClasses('ghost', 'md'),
    'data-testid': 'language-picker',
  };
}

export function LanguageTriggerContent({ name }: { name: string }) {
  return (
    <>
      <Globe size={18} aria-hidden />
      {name}
    </>
  );
}

const loadLanguageMenu: MenuLoader<object> = () => import('./LanguageMenu.tsx').then((m) => m.LanguageMenu);

/** Shown when settings.i18n.enable and more than one localization exists (part 1, 2.6). */
export function LanguagePicker() {
  const { trans } = useTrans();
  const { settings, localizations, i18n } = useBootstrapData();
  if (!settings.i18n?.enable || (localizations?.length ?? 0) < 2) return null;
  return (
    <DeferredMenu
      load={loadLanguageMenu}
      props={{}}
      trigger={languageTriggerProps(trans, i18n.name)}
      triggerContent={<LanguageTriggerContent name={i18n.name} />}
    />
  );
}
