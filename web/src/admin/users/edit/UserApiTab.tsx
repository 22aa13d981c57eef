import { useState } from 'react';
import { KeyRound, Trash2 } from 'lucide-react';
import type { AccessToken } from '@kosh/contracts';
import { useRelativeTime, useTrans } from '../../../shell/i18n/useTrans.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { useFormatMoment } from '../../useAdminFormat.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { tabCard } from './UserDetailsTab.tsx';
import { useEditedUser } from './UserEditPage.tsx';
import { useRevokeToken, useUserTokens } from './user-edit.api.ts';

/** API: the user's API tokens (names and last use, never the tokens) with Revoke. */
export function UserApiTab() {
  const { trans } = useTrans();
  const relative = useRelativeTime();
  const formatMoment = useFormatMoment();
  const user = useEditedUser();
  const tokens = useUserTokens(user.id);
  const revoke = useRevokeToken(user.id);
  const [revoking, setRevoking] = useState<AccessToken | null>(null);
  return (
    <section className={tabCard} aria-labelledby="user-tokens-heading">
      <div>
        <h2 id="user-tokens-heading" className="text-base font-medium text-fg">
          {trans('API tokens')}
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          {trans('Tokens the user made to call the API. Only the user can make one; you can revoke any.')}
        </p>
      </div>
      {!tokens.data ? (
        <div className="flex justify-center py-6">
          {tokens.isError ? <Button onPress={() => void tokens.refetch()}>{trans('Try again')}</Button> : <Spinner />}
        </div>
      ) : tokens.data.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-10 text-center">
          <KeyRound size={64} strokeWidth={1.25} className="text-fg-muted" aria-hidden />
          <p className="text-base font-medium text-fg">{trans('No API tokens')}</p>
          <p className="text-sm text-fg-muted">{trans('The user has not made any, or they were all revoked.')}</p>
        </div>
      ) : (
        <ul className="divide-y divide-divider">
          {tokens.data.map((token) => (
            <li key={token.id} className="flex items-center gap-3 py-3" data-testid="user-token">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-fg">{token.name}</p>
                <p className="text-xs text-fg-muted">
                  {trans('Created :date', { date: formatMoment(token.created_at) })}
                  {' · '}
                  {token.last_used_at
                    ? trans('Last used :time', { time: relative(token.last_used_at) })
                    : trans('Never used')}
                </p>
              </div>
              <Button
                variant="danger-text"
                startIcon={<Trash2 size={18} />}
                aria-label={trans('Revoke :name', { name: token.name })}
                onPress={() => setRevoking(token)}
              >
                {trans('Revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        isOpen={!!revoking}
        onClose={() => setRevoking(null)}
        title={trans('Revoke :name?', { name: revoking?.name ?? '' })}
        confirmLabel={trans('Revoke')}
        isPending={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toast.positive(trans('Token revoked'));
              setRevoking(null);
            },
          })
        }
      >
        {trans('Programs using this token are refused from now on. The user can make a new one.')}
      </ConfirmDialog>
    </section>
  );
}

export { UserApiTab as Component };
