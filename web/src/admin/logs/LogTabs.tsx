import clsx from 'clsx';
import { NavLink } from 'react-router';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { focusRing } from '../../ui/button-styles.ts';

/** The logs' tabs, in the order of spec part 2, 2 (schedule, error, outgoing-email), then the audit log. */
export const LOG_TABS = [
  { path: '/admin/logs/schedule', label: 'Schedule' },
  { path: '/admin/logs/error', label: 'Error' },
  { path: '/admin/logs/outgoing-email', label: 'Outgoing email' },
  { path: '/admin/logs/audit', label: 'Audit' },
] as const;

/** The tabs under the Logs heading, as links: each tab is its own address. */
export function LogTabs() {
  const { trans } = useTrans();
  return (
    // Four tabs outgrow a phone's width: they scroll sideways rather than wrap.
    <nav aria-label={trans('Logs')} className="-mt-1 overflow-x-auto border-b border-divider">
      <ul className="flex gap-2 whitespace-nowrap">
        {LOG_TABS.map((tab) => (
          <li key={tab.path}>
            <NavLink
              to={tab.path}
              className={({ isActive }) =>
                clsx(
                  'relative inline-flex h-11 items-center px-3 text-sm font-medium transition-colors duration-125',
                  isActive
                    ? 'text-primary after:absolute after:inset-x-0 after:bottom-0 after:h-0.5 after:bg-primary'
                    : 'text-fg-muted hover:text-fg',
                  focusRing,
                )
              }
            >
              {trans(tab.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
