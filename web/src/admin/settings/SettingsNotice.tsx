import type { ReactNode } from 'react';
import clsx from 'clsx';
import { CircleAlert, Info, TriangleAlert } from 'lucide-react';
import { settingsGroupErrorKey } from '@kosh/contracts';
import { useGroupError } from './SettingsFormContext.ts';

type Tone = 'info' | 'warning' | 'danger';

const icons = { info: Info, warning: TriangleAlert, danger: CircleAlert };

/** A line of context inside a settings section: a note, a warning, or an error (read out at once). */
export function SettingsNotice({ tone = 'info', children }: { tone?: Tone; children: ReactNode }) {
  const Icon = icons[tone];
  return (
    <div
      role={tone === 'danger' ? 'alert' : undefined}
      className={clsx(
        'flex items-start gap-3 rounded-kosh border px-3 py-2.5 text-sm text-fg',
        tone === 'danger' ? 'border-danger bg-bg' : 'border-divider bg-bg-alt',
      )}
    >
      <Icon
        size={18}
        className={clsx('mt-px shrink-0', tone === 'danger' ? 'text-danger' : 'text-fg-muted')}
        aria-hidden
      />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

/** The failed live check of a credentials group (group:recaptcha), shown above the group's fields. */
export function GroupErrorAlert({ group }: { group: string }) {
  const error = useGroupError(group);
  if (!error) return null;
  return (
    <div data-setting={settingsGroupErrorKey(group)} data-setting-invalid="">
      <SettingsNotice tone="danger">{error}</SettingsNotice>
    </div>
  );
}
