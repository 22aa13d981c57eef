import clsx from 'clsx';
import { Moon, Sun } from 'lucide-react';
import { focusRing } from '../../ui/button-styles.ts';
import { PlainButton } from '../../ui/PlainButton.tsx';
import { useSettings } from '../bootstrap-store.ts';
import { useTrans } from '../i18n/useTrans.tsx';
import { CustomMenu } from '../menus/CustomMenu.tsx';
import { FooterColumns } from './FooterColumns.tsx';
import { LanguagePicker } from './LanguagePicker.tsx';
import { useThemeToggle } from './useThemeToggle.ts';

type FooterProps = {
  className?: string;
  /** 'columns': the landing page's footer with Company, Policies and Help columns. */
  variant?: 'compact' | 'columns';
};

/** Footer of part 1, 2.6: menus, copyright, language picker, light/dark toggle. */
export function Footer({ className, variant = 'compact' }: FooterProps) {
  const { trans } = useTrans();
  const { branding } = useSettings();
  const themeToggle = useThemeToggle();
  const link = clsx('rounded-kosh text-sm text-fg-muted hover:text-fg hover:underline', focusRing);
  const preferences = (
    <div className="-ml-3 flex items-center gap-1 md:ml-0">
      <LanguagePicker />
      {themeToggle.isEnabled && (
        <PlainButton
          variant="ghost"
          onClick={themeToggle.toggle}
          startIcon={themeToggle.isDark ? <Sun size={18} aria-hidden /> : <Moon size={18} aria-hidden />}
          data-testid="footer-theme-toggle"
        >
          {trans(themeToggle.label)}
        </PlainButton>
      )}
    </div>
  );
  return (
    <footer className={clsx('border-t border-divider bg-bg', className)}>
      <div className="mx-auto flex max-w-[1200px] flex-col gap-4 px-4 py-6 sm:px-6">
        {variant === 'columns' ? (
          <FooterColumns />
        ) : (
          <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
            <CustomMenu position="footer" className="flex-wrap gap-x-5 gap-y-2" itemClassName={link} />
            {preferences}
          </div>
        )}
        <div
          className={clsx(
            'flex flex-col gap-3 border-t border-divider pt-4 text-sm text-fg-muted',
            'md:flex-row md:items-center md:justify-between',
          )}
        >
          <p>
            {trans('Copyright © :year :siteName, All rights reserved', {
              year: new Date().getFullYear(),
              siteName: branding.site_name,
            })}
          </p>
          {variant === 'columns' ? (
            preferences
          ) : (
            <CustomMenu position="footer-secondary" className="flex-wrap gap-x-5 gap-y-2" itemClassName={link} />
          )}
        </div>
      </div>
    </footer>
  );
}
