import type { AdminRoleRow } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';

const badge = 'inline-flex h-6 items-center rounded-full px-2 text-xs font-medium whitespace-nowrap';

type Flags = Pick<AdminRoleRow, 'is_default' | 'is_guest' | 'is_system'>;

export const hasBadges = (role: Flags) => role.is_default || role.is_guest || role.is_system;

/** Default, Guests and System as small chips; nothing for a role with none. */
export function RoleBadges({ role }: { role: Flags }) {
  const { trans } = useTrans();
  if (!hasBadges(role)) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {role.is_default && <span className={`${badge} bg-bg-chip text-fg`}>{trans('Default')}</span>}
      {role.is_guest && <span className={`${badge} bg-bg-chip text-fg`}>{trans('Guests')}</span>}
      {role.is_system && <span className={`${badge} border border-divider text-fg-muted`}>{trans('System')}</span>}
    </span>
  );
}
