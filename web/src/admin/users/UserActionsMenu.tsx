import { Ban, LogIn, MoreVertical, Pencil, ShieldCheck } from 'lucide-react';
import { Button as AriaButton } from 'react-aria-components';
import type { AdminUserRow } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { useIsAppPage } from '../../shell/menus/app-routes.ts';
import { useAuth } from '../../shell/useAuth.ts';
import { iconButtonClasses } from '../../ui/button-styles.ts';
import { Dropdown, MenuDivider, MenuItem } from '../../ui/Menu.tsx';

export type UserAction = 'suspend' | 'unsuspend' | 'impersonate';

type Props = { user: AdminUserRow; onAction: (action: UserAction, user: AdminUserRow) => void };

/**
 * A row's menu: Edit (the edit page's Details tab), Suspend or Remove suspension, and Log in as
 * user for holders of admin. Your own row offers neither: the server refuses both.
 */
export function UserActionsMenu({ user, onAction }: Props) {
  const { trans } = useTrans();
  const { user: me } = useAuth();
  const isAppPage = useIsAppPage();
  const editPath = `/admin/users/${user.id}/details`;
  const isSelf = me?.id === user.id;
  const canEdit = isAppPage(editPath);
  // Only admins log in as others (not as another admin or a suspended user: the server says why).
  const canImpersonate = !isSelf && !!me?.permissions.some((p) => p.name === 'admin');
  if (isSelf && !canEdit) return null;
  return (
    <Dropdown
      aria-label={trans('Actions for :email', { email: user.email })}
      trigger={
        <AriaButton aria-label={trans('Actions for :email', { email: user.email })} className={iconButtonClasses('md')}>
          <MoreVertical size={20} aria-hidden />
        </AriaButton>
      }
      onAction={(key) => {
        if (key === 'suspend' || key === 'unsuspend' || key === 'impersonate') onAction(key, user);
      }}
    >
      {canEdit && (
        <MenuItem id="edit" href={editPath} icon={<Pencil size={18} />}>
          {trans('Edit')}
        </MenuItem>
      )}
      {!isSelf &&
        (user.banned_at ? (
          <MenuItem id="unsuspend" icon={<ShieldCheck size={18} />}>
            {trans('Remove suspension')}
          </MenuItem>
        ) : (
          <MenuItem id="suspend" icon={<Ban size={18} />}>
            {trans('Suspend')}
          </MenuItem>
        ))}
      {canImpersonate && (
        <>
          <MenuDivider />
          <MenuItem id="impersonate" icon={<LogIn size={18} />}>
            {trans('Log in as user')}
          </MenuItem>
        </>
      )}
    </Dropdown>
  );
}
