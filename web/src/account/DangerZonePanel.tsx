import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { User } from '@kosh/contracts';
import { accountApi } from '../api/account.api.ts';
import { applySignedOut } from '../api/auth.api.ts';
import { showHttpErrorToast } from '../api/error-handler.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { toast } from '../ui/toast/toast-store.ts';
import {
  isPasswordConfirmationRequired,
  usePasswordConfirmation,
} from './password-confirmation/usePasswordConfirmation.tsx';
import { SettingsPanel } from './SettingsPanel.tsx';

/** Danger zone (part 1, 2.7 and 6): deleting one's own account, after a password confirmation. */
export function DangerZonePanel({ user }: { user: User }) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const { withConfirmation, askAgain, dialog } = usePasswordConfirmation();
  const mutation = useMutation({
    mutationFn: () => accountApi.deleteAccount(user.id),
    meta: { handledStatuses: 'all' },
    onSuccess: async () => {
      setConfirmOpen(false);
      await applySignedOut();
      toast.positive(trans('Account deleted'));
      await navigate('/login', { replace: true });
    },
    onError: (error) => {
      if (isPasswordConfirmationRequired(error)) askAgain(() => mutation.mutate());
      else showHttpErrorToast(error);
    },
  });
  return (
    <SettingsPanel
      id="delete-account"
      danger
      title={trans('Danger zone')}
      description={trans('Once you delete your account, there is no going back. Please be certain.')}
    >
      <Button variant="danger" onPress={() => setConfirmOpen(true)}>
        {trans('Delete account')}
      </Button>
      <Dialog
        isOpen={isConfirmOpen}
        onOpenChange={setConfirmOpen}
        size="sm"
        role="alertdialog"
        title={trans('Delete account?')}
        actions={
          <>
            <Button variant="text" onPress={() => setConfirmOpen(false)}>
              {trans('Cancel')}
            </Button>
            <Button
              variant="danger"
              isPending={mutation.isPending}
              isDisabled={mutation.isPending}
              onPress={() => {
                setConfirmOpen(false);
                void withConfirmation(() => mutation.mutate());
              }}
            >
              {trans('Delete account')}
            </Button>
          </>
        }
      >
        <p className="text-sm text-fg-muted">
          {trans(
            'Your account will be deleted immediately and permanently. Once deleted, accounts cannot be restored.',
          )}
        </p>
      </Dialog>
      {dialog}
    </SettingsPanel>
  );
}
