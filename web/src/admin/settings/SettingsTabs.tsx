import clsx from 'clsx';
import { NavLink, useNavigate } from 'react-router';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { useIsMobile } from '../../shell/useMediaQuery.ts';
import { focusRing } from '../../ui/button-styles.ts';
import { Select } from '../../ui/Select.tsx';
import { type BuiltSettingsTab, SHOWN_SETTINGS_TABS } from './settings-tabs.ts';

const linkClasses = (isActive: boolean) =>
  clsx(
    'flex h-10 items-center rounded-full px-4 text-sm transition-colors duration-125',
    isActive ? 'bg-bg-chip font-medium text-fg' : 'text-fg hover:bg-bg-alt',
    focusRing,
  );

/**
 * The settings tabs, each its own address: a list at the left of the form on wider screens, a
 * select box on phones. Leaving unsaved changes asks first (the form's guard sees the new path).
 */
export function SettingsTabs({ current }: { current: BuiltSettingsTab }) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  if (isMobile) {
    return (
      <Select
        label={trans('Section')}
        name="settings-tab"
        options={SHOWN_SETTINGS_TABS.map((tab) => ({ id: tab.id, label: trans(tab.label) }))}
        value={current}
        onChange={(id) => {
          const tab = SHOWN_SETTINGS_TABS.find((t) => t.id === id);
          if (tab && tab.id !== current) void navigate(tab.path);
        }}
      />
    );
  }
  return (
    <nav aria-label={trans('Settings')} className="sticky top-6 w-52 shrink-0 self-start">
      <ul className="flex flex-col gap-0.5">
        {SHOWN_SETTINGS_TABS.map((tab) => (
          <li key={tab.id}>
            <NavLink to={tab.path} className={({ isActive }) => linkClasses(isActive)}>
              {trans(tab.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
