import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ExternalLink, KeyRound, Trash2 } from 'lucide-react';
import type { AccessToken, User } from '@kosh/contracts';
import { accountApi, refreshAccountUser } from '../api/account.api.ts';
import { useFormatDate } from '../shell/i18n/date-format.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { Button, IconButton } from '../ui/Button.tsx';
import { buttonClasses } from '../ui/button-styles.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { toast } from '../ui/toast/toast-store.ts';
import { CreateTokenDialog } from './CreateTokenDialog.tsx';
import { SettingsPanel } from './SettingsPanel.tsx';

function DeleteTokenDialog({
  token,
  onOpenChange,
  onDeleted,
}: {
  token: AccessToken | null;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => unknown;
}) {
  const { trans } = useTrans();
  const mutation = useMutation({
    mutationFn: (id: number) => accountApi.deleteToken(id),
    onSuccess: async () => {
      onOpenChange(false);
      toast.positive(trans('Token deleted'));
      await onDeleted();
    },
  });
  return (
    <Dialog
      isOpen={!!token}
      onOpenChange={onOpenChange}
      size="sm"
      role="alertdialog"
      title={trans('Delete token')}
      actions={
        <>
          <Button variant="text" onPress={() => onOpenChange(false)}>
            {trans('Cancel')}
          </Button>
          <Button
            variant="danger"
            onPress={() => token && mutation.mutate(token.id)}
            isPending={mutation.isPending}
            isDisabled={mutation.isPending}
          >
            {trans('Delete')}
          </Button>
        </>
      }
    >
      <p className="text-sm text-fg-muted">{trans('Are you sure you want to delete this token?')}</p>
      {token && <p className="mt-2 truncate text-sm font-medium text-fg">{token.name}</p>}
    </Dialog>
  );
}

/** API access tokens (part 1, 2.7): shown only with api integrated and permission api.access. */
export function AccessTokensPanel({ user }: { user: User }) {
  const { trans } = useTrans();
  const formatDate = useFormatDate();
  const [isCreateOpen, setCreateOpen] = useState(false);
  const [toDelete, setToDelete] = useState<AccessToken | null>(null);
  const tokens = user.tokens ?? [];
  const refresh = () => refreshAccountUser(user.id);
  return (
    <SettingsPanel
      id="developers"
      title={trans('API access tokens')}
      description={trans('You can create personal access tokens to use the API on your behalf.')}
      actions={
        <>
          <a href="/api-docs" target="_blank" rel="noopener noreferrer" className={buttonClasses('text', 'md')}>
            {trans('API documentation')}
            <ExternalLink size={16} aria-hidden />
          </a>
          <Button onPress={() => setCreateOpen(true)}>{trans('Create token')}</Button>
        </>
      }
    >
      {tokens.length ? (
        <ul className="-my-3 divide-y divide-divider" data-testid="tokens-list">
          {tokens.map((token) => (
            <li key={token.id} className="flex items-center gap-4 py-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-bg-alt text-fg-muted">
                <KeyRound size={20} aria-hidden />
              </span>
              <div className="min-w-0 flex-1">
                <div className="truncate text-sm font-medium text-fg">{token.name}</div>
                <div className="text-xs text-fg-muted">
                  {token.last_used_at
                    ? trans('Last used :date', { date: formatDate(token.last_used_at) })
                    : trans('Never used')}
                </div>
              </div>
              <IconButton
                label={`${trans('Delete token')}: ${token.name}`}
                onPress={() => setToDelete(token)}
                showTooltip={false}
              >
                <Trash2 size={18} aria-hidden />
              </IconButton>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-fg-muted">{trans('There are no API tokens yet')}</p>
      )}
      <CreateTokenDialog isOpen={isCreateOpen} onOpenChange={setCreateOpen} onCreated={refresh} />
      <DeleteTokenDialog token={toDelete} onOpenChange={(open) => !open && setToDelete(null)} onDeleted={refresh} />
    </SettingsPanel>
  );
}
