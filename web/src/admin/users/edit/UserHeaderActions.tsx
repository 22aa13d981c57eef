import { useState } from 'react';
import { Ban, LogIn, ShieldCheck, Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { AdminUserDetail } from '@kosh/contracts';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { useAuth } from '../../../shell/useAuth.ts';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { UserActionDialogs } from '../UserActionDialogs.tsx';
import type { UserAction } from '../UserActionsMenu.tsx';
import { useDeleteAdminUser } from './user-edit.api.ts';

/**
 * The edit page's actions: Suspend or Remove suspension, Log in as user (holders of admin only), and
 * Delete after a confirmation, back to the list. What the server refuses (yourself, an admin) is not offered.
 */
export function UserHeaderActions({ user }: { user: AdminUserDetail }) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const { user: me } = useAuth();
  const [pending, setPending] = useState<UserAction | null>(null);
  const [isDeleting, setDeleting] = useState(false);
  const remove = useDeleteAdminUser();
  const isSelf = me?.id === user.id;
  const amAdmin = !!me?.permissions.some((p) => p.name === 'admin');
  const canSuspend = !isSelf && !user.is_admin;
  const canImpersonate = amAdmin && !isSelf && !user.is_admin && !user.banned_at;
  const canDelete = !isSelf && (amAdmin || !user.is_admin);
  const confirmDelete = () =>
    remove.mutate(user.id, {
      onSuccess: () => {
        toast.positive(trans('Deleted :email', { email: user.email }));
        void navigate('/admin/users', { replace: true });
      },
    });
  return (
    <div className="flex flex-wrap items-center gap-2">
      {canSuspend &&
        (user.banned_at ? (
          <Button variant="secondary" onPress={() => setPending('unsuspend')} startIcon={<ShieldCheck size={18} />}>
            {trans('Remove suspension')}
          </Button>
        ) : (
          <Button variant="secondary" onPress={() => setPending('suspend')} startIcon={<Ban size={18} />}>
            {trans('Suspend')}
          </Button>
        ))}
      {canImpersonate && (
        <Button variant="secondary" onPress={() => setPending('impersonate')} startIcon={<LogIn size={18} />}>
          {trans('Log in as user')}
        </Button>
      )}
      {canDelete && (
        <Button variant="danger-text" onPress={() => setDeleting(true)} startIcon={<Trash2 size={18} />}>
          {trans('Delete')}
        </Button>
      )}
      <UserActionDialogs pending={pending ? { action: pending, user } : null} onClose={() => setPending(null)} />
      <Dialog
        isOpen={isDeleting}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(false)}
        role="alertdialog"
        size="sm"
        title={trans('Delete :email?', { email: user.email })}
        actions={
          <>
            <Button variant="text" onPress={() => setDeleting(false)} isDisabled={remove.isPending} autoFocus>
              {trans('Cancel')}
            </Button>
            <Button variant="danger" onPress={confirmDelete} isPending={remove.isPending}>
              {trans('Delete user')}
            </Button>
          </>
        }
      >
        <p className="text-sm text-fg-muted">
          {trans(
            'Their files, trash included, shared links, shares and the workspaces they own are deleted for good. ' +
              'This cannot be undone.',
          )}
        </p>
      </Dialog>
    </div>
  );
}
