import type { AdminUserRow } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { useImpersonate } from '../impersonation/impersonation.api.ts';
import { useUnsuspendUser } from './admin-users.api.ts';
import { SuspendDialog } from './SuspendDialog.tsx';
import type { UserAction } from './UserActionsMenu.tsx';

const IMPERSONATION_NOTE =
  'You will see Kosh as :email does, until you press Stop in the banner at the top. ' +
  'Their password, two-factor sign-in, API tokens and account cannot be changed meanwhile.';

type Props = { pending: { action: UserAction; user: AdminUserRow } | null; onClose: () => void };

/** The dialogs a row's menu opens: suspend, and the confirmations of removing a suspension and logging in as. */
export function UserActionDialogs({ pending, onClose }: Props) {
  const { trans } = useTrans();
  const unsuspend = useUnsuspendUser();
  const impersonate = useImpersonate();
  const user = pending?.user;
  const confirmUnsuspend = () => {
    if (!user) return;
    unsuspend.mutate(user.id, {
      onSuccess: () => {
        toast.positive(trans('Suspension of :email removed', { email: user.email }));
        onClose();
      },
    });
  };
  return (
    <>
      <SuspendDialog user={pending?.action === 'suspend' ? pending.user : null} onClose={onClose} />
      <Dialog
        isOpen={pending?.action === 'unsuspend'}
        onOpenChange={(open) => !open && onClose()}
        role="alertdialog"
        size="sm"
        title={trans('Remove the suspension?')}
        actions={
          <>
            <Button variant="text" onPress={onClose} autoFocus>
              {trans('Cancel')}
            </Button>
            <Button onPress={confirmUnsuspend} isPending={unsuspend.isPending}>
              {trans('Remove suspension')}
            </Button>
          </>
        }
      >
        <p className="text-sm text-fg-muted">
          {trans(':email can sign in again, and their shared links open again.', { email: user?.email ?? '' })}
        </p>
      </Dialog>
      <Dialog
        isOpen={pending?.action === 'impersonate'}
        onOpenChange={(open) => !open && !impersonate.isPending && onClose()}
        role="alertdialog"
        size="sm"
        title={trans('Log in as :name?', { name: user?.name ?? '' })}
        actions={
          <>
            <Button variant="text" onPress={onClose} isDisabled={impersonate.isPending} autoFocus>
              {trans('Cancel')}
            </Button>
            <Button onPress={() => user && impersonate.mutate(user.id)} isPending={impersonate.isPending}>
              {trans('Log in as user')}
            </Button>
          </>
        }
      >
        <p className="text-sm text-fg-muted">{trans(IMPERSONATION_NOTE, { email: user?.email ?? '' })}</p>
      </Dialog>
    </>
  );
}
