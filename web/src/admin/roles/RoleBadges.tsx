import type { AdminRoleRow } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';

const badge = 'inline-flex h-6 items-center rounded-full px-2 text-xs font-medium whitespace-nowrap';

/** Default, Guests and System as small chips. */
export function RoleBadges({ role }: { role: Pick<AdminRoleRow, 'is_default' | 'is_guest' | 'is_system'> }) {
  const { trans } = useTrans();
  if (!role.is_default && !role.is_guest && !role.is_system) return <span className="text-fg-muted">—</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {role.is_default && <span className={`${badge} bg-bg-chip text-fg`}>{trans('Default')}</span>}
      {role.is_guest && <span className={`${badge} bg-bg-chip text-fg`}>{trans('Guests')}</span>}
      {role.is_system && <span className={`${badge} border border-divider text-fg-muted`}>{trans('System')}</span>}
    </span>
  );
}
