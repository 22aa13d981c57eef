import { useState } from 'react';
import { KeyRound, LogOut, ShieldOff } from 'lucide-react';
import type { UserSession } from '@kosh/contracts';
import { useRelativeTime, useTrans } from '../../../shell/i18n/useTrans.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { useFormatMoment } from '../../useAdminFormat.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { tabCard } from './UserDetailsTab.tsx';
import { useEditedUser } from './UserEditPage.tsx';
import { useDisableTwoFactor, useEndSessions, useSendPasswordReset, useUserSessions } from './user-edit.api.ts';

const DEVICE_LABELS = { mobile: 'Mobile', tablet: 'Tablet', desktop: 'Desktop' } as const;
const cell = 'px-3 py-3 align-top';

function SessionsTable({ sessions }: { sessions: UserSession[] }) {
  const { trans } = useTrans();
  const relative = useRelativeTime();
  const formatMoment = useFormatMoment();
  const headers = ['Device', 'Browser', 'Platform', 'Place', 'IP address', 'Last active'];
  return (
    <div className="-mx-4 overflow-x-auto md:mx-0">
      <table className="w-full min-w-[640px] text-left text-sm">
        <caption className="sr-only">{trans('Sessions')}</caption>
        <thead className="border-b border-divider text-xs text-fg-muted">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-medium">
                {trans(h)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <tr key={s.id} className="border-b border-divider last:border-0" data-testid="user-session">
              <th scope="row" className={`${cell} font-medium text-fg`}>
                {trans(DEVICE_LABELS[s.device_type])}
              </th>
              <td className={cell}>{s.browser ?? '—'}</td>
              <td className={cell}>{s.platform ?? '—'}</td>
              <td className={cell}>{[s.city, s.country].filter(Boolean).join(', ') || '—'}</td>
              <td className={`${cell} whitespace-nowrap`}>{s.ip_address ?? '—'}</td>
              <td className={`${cell} whitespace-nowrap`}>
                <time dateTime={s.last_active} title={formatMoment(s.last_active, true)}>
                  {relative(s.last_active)}
                </time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Security: the user's sessions (log out everywhere), two-factor (turn off) and a password reset mail. */
export function UserSecurityTab() {
  const { trans } = useTrans();
  const user = useEditedUser();
  const sessions = useUserSessions(user.id);
  const endSessions = useEndSessions(user.id);
  const twoFactorOff = useDisableTwoFactor(user.id);
  const reset = useSendPasswordReset(user.id);
  const [asking, setAsking] = useState<'sessions' | 'two-factor' | null>(null);
  const close = () => setAsking(null);
  return (
    <div className="flex flex-col gap-6">
      <section className={tabCard} aria-labelledby="user-sessions-heading">
        <div className="flex flex-wrap items-start gap-3">
          <div className="min-w-60 flex-1">
            <h2 id="user-sessions-heading" className="text-base font-medium text-fg">
              {trans('Sessions')}
            </h2>
            <p className="mt-1 text-sm text-fg-muted">
              {trans('Browsers signed in as this user, most recently active first. API tokens are on the API tab.')}
            </p>
          </div>
          <Button
            variant="secondary"
            startIcon={<LogOut size={18} />}
            isDisabled={!sessions.data?.length}
            onPress={() => setAsking('sessions')}
          >
            {trans('Log out everywhere')}
          </Button>
        </div>
        {!sessions.data ? (
          <div className="flex justify-center py-6">
            {sessions.isError ? (
              <Button onPress={() => void sessions.refetch()}>{trans('Try again')}</Button>
            ) : (
              <Spinner />
            )}
          </div>
        ) : sessions.data.length ? (
          <SessionsTable sessions={sessions.data} />
        ) : (
          <p className="text-sm text-fg-muted">{trans('The user is not signed in anywhere.')}</p>
        )}
      </section>
      <section className={tabCard} aria-labelledby="user-two-factor-heading">
        <div className="flex flex-wrap items-start gap-3">
          <div className="min-w-60 flex-1">
            <h2 id="user-two-factor-heading" className="text-base font-medium text-fg">
              {trans('Two-factor sign-in')}
            </h2>
            <p className="mt-1 text-sm text-fg-muted" data-testid="two-factor-state">
              {user.two_factor_enabled
                ? trans('On: signing in asks for a code from the user’s authenticator app.')
                : trans('Off: the password alone signs the user in.')}
            </p>
          </div>
          {user.two_factor_enabled && (
            <Button variant="danger-text" startIcon={<ShieldOff size={18} />} onPress={() => setAsking('two-factor')}>
              {trans('Turn off')}
            </Button>
          )}
        </div>
      </section>
      <section className={tabCard} aria-labelledby="user-password-heading">
        <div className="flex flex-wrap items-start gap-3">
          <div className="min-w-60 flex-1">
            <h2 id="user-password-heading" className="text-base font-medium text-fg">
              {trans('Password')}
            </h2>
            <p className="mt-1 text-sm text-fg-muted">
              {trans('Mails the user a link to choose a new password, valid for an hour.')}
            </p>
          </div>
          <Button
            variant="secondary"
            startIcon={<KeyRound size={18} />}
            isPending={reset.isPending}
            onPress={() =>
              reset.mutate(undefined, {
                onSuccess: () => toast.positive(trans('Password reset mail sent to :email', { email: user.email })),
              })
            }
          >
            {trans('Send password reset mail')}
          </Button>
        </div>
      </section>
      <ConfirmDialog
        isOpen={asking === 'sessions'}
        onClose={close}
        title={trans('Log :email out everywhere?', { email: user.email })}
        confirmLabel={trans('Log out everywhere')}
        isPending={endSessions.isPending}
        onConfirm={() =>
          endSessions.mutate(undefined, {
            onSuccess: ({ ended }) => {
              toast.positive(trans('Ended :count sessions', { count: ended }));
              close();
            },
          })
        }
      >
        {trans('Every browser signed in as this user is signed out. Their API tokens keep working.')}
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={asking === 'two-factor'}
        onClose={close}
        title={trans('Turn off two-factor sign-in?')}
        confirmLabel={trans('Turn off')}
        isPending={twoFactorOff.isPending}
        onConfirm={() =>
          twoFactorOff.mutate(undefined, {
            onSuccess: () => {
              toast.positive(trans('Two-factor sign-in turned off'));
              close();
            },
          })
        }
      >
        {trans(
          'For support cases, such as a lost phone, once you are sure who is asking. The password alone will ' +
            'sign :email in until they turn it on again; they are notified.',
          { email: user.email },
        )}
      </ConfirmDialog>
    </div>
  );
}

export { UserSecurityTab as Component };
