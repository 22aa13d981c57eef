import type { User } from '@kosh/contracts';
import { accountApi, refreshAccountUser } from '../../api/account.api.ts';
import { showHttpErrorToast } from '../../api/error-handler.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import {
  isPasswordConfirmationRequired,
  usePasswordConfirmation,
} from '../password-confirmation/usePasswordConfirmation.tsx';
import { SettingsPanel } from '../SettingsPanel.tsx';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { TwoFactorSetup } from './TwoFactorSetup.tsx';
import { twoFactorState } from './two-factor-state.ts';

/**
 * Two-factor authentication (part 1, 4): not enabled (Enable), pending confirmation (QR,
 * setup key, code, Confirm or Cancel) and enabled (recovery codes, regenerate, Disable).
 * Every change needs a confirmed password.
 */
export function TwoFactorPanel({ user }: { user: User }) {
  const { trans } = useTrans();
  const state = twoFactorState(user);
  const { withConfirmation, askAgain, dialog } = usePasswordConfirmation();
  const refresh = () => refreshAccountUser(user.id);

  // A sensitive call that the server refuses for want of a fresh confirmation asks again, then retries.
  const sensitive = <T,>(fn: () => Promise<T>, onDone: () => unknown) => {
    const run = (): void =>
      void fn()
        .then(onDone)
        .catch((error: unknown) => (isPasswordConfirmationRequired(error) ? askAgain(run) : showHttpErrorToast(error)));
    return run;
  };

  const enable = sensitive(accountApi.enableTwoFactor, refresh);
  const cancel = sensitive(accountApi.disableTwoFactor, refresh);
  const disable = sensitive(accountApi.disableTwoFactor, async () => {
    await refresh();
    toast.positive(trans('Two factor authentication has been disabled.'));
  });
  const regenerate = sensitive(accountApi.regenerateRecoveryCodes, refresh);
  const showCodes = () => void refresh();

  const heading = {
    disabled: trans('You have not enabled two factor authentication.'),
    pending: trans('Finish enabling two factor authentication.'),
    enabled: trans('You have enabled two factor authentication.'),
  }[state];

  return (
    <SettingsPanel
      id="two-factor"
      title={trans('Two factor authentication')}
      description={trans('Add additional security to your account using two factor authentication.')}
    >
      <div className="flex flex-col gap-4" data-testid="two-factor" data-state={state}>
        <h3 className="text-sm font-medium text-fg">{heading}</h3>
        {state === 'disabled' && (
          <>
            <p className="max-w-prose text-sm text-fg-muted">
              {trans(
                'When two factor authentication is enabled, you will be prompted for a secure, random token during ' +
                  "authentication. You may retrieve this token from your phone's authenticator application.",
              )}
            </p>
            <div>
              <Button onPress={() => void withConfirmation(enable)}>{trans('Enable')}</Button>
            </div>
          </>
        )}
        {state === 'pending' && (
          <TwoFactorSetup askAgain={askAgain} onConfirmed={refresh} onCancel={() => void withConfirmation(cancel)} />
        )}
        {state === 'enabled' && (
          <>
            {user.two_factor_recovery_codes?.length ? <RecoveryCodes codes={user.two_factor_recovery_codes} /> : null}
            <div className="flex flex-wrap gap-2">
              {user.two_factor_recovery_codes?.length ? (
                <Button variant="secondary" onPress={() => void withConfirmation(regenerate)}>
                  {trans('Regenerate recovery codes')}
                </Button>
              ) : (
                <Button variant="secondary" onPress={() => void withConfirmation(showCodes)}>
                  {trans('Show recovery codes')}
                </Button>
              )}
              <Button variant="danger" onPress={() => void withConfirmation(disable)}>
                {trans('Disable')}
              </Button>
            </div>
          </>
        )}
      </div>
      {dialog}
    </SettingsPanel>
  );
}
