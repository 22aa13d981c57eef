import { useMutation } from '@tanstack/react-query';
import type { SocialService, User } from '@kosh/contracts';
import { refreshAccountUser } from '../api/account.api.ts';
import { authApi } from '../api/auth.api.ts';
import { SOCIAL_LABELS, SocialIcon } from '../auth/social/SocialIcon.tsx';
import { useEnabledSocialServices } from '../auth/social/SocialButtons.tsx';
import { useSocialAuth } from '../auth/social/useSocialAuth.tsx';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { Button } from '../ui/Button.tsx';
import { toast } from '../ui/toast/toast-store.ts';
import { SettingsPanel } from './SettingsPanel.tsx';

/**
 * Social login (part 1, 2.7 and 4): per enabled provider, Disable when a username is linked,
 * Enable otherwise. Both refresh the user. Hidden when no provider is enabled.
 */
export function SocialLoginPanel({ user }: { user: User }) {
  const { trans } = useTrans();
  const services = useEnabledSocialServices();
  const { connectWith, pendingService, passwordDialog } = useSocialAuth();
  const disconnect = useMutation({
    mutationFn: (service: SocialService) => authApi.disconnectSocial(service),
    onSuccess: async (_data, service) => {
      toast.positive(trans('Disabled :service account', { service: SOCIAL_LABELS[service] }));
      await refreshAccountUser(user.id);
    },
  });
  if (!services.length) return null;

  const connect = async (service: SocialService) => {
    if (await connectWith(service)) {
      toast.positive(trans('Enabled :service account', { service: SOCIAL_LABELS[service] }));
      await refreshAccountUser(user.id);
    }
  };

  return (
    <SettingsPanel
      id="social-login"
      title={trans('Manage social login credentials')}
      description={trans('Connect your account with social networks to sign in without a password.')}
    >
      <ul className="flex flex-col divide-y divide-divider">
        {services.map((service) => {
          const linked = user.social_profiles.find((p) => p.service_name === service && p.username);
          return (
            <li key={service} className="flex items-center gap-4 py-3 first:pt-0 last:pb-0">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full border border-divider">
                <SocialIcon service={service} />
              </span>
              <div className="min-w-0 flex-1">
                <div className="text-sm font-medium text-fg">{SOCIAL_LABELS[service]}</div>
                <div className="truncate text-xs text-fg-muted">
                  {linked
                    ? linked.username
                    : trans('Sign in with your :service account', { service: SOCIAL_LABELS[service] })}
                </div>
              </div>
              {linked ? (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`${trans('Disable')} ${SOCIAL_LABELS[service]}`}
                  onPress={() => disconnect.mutate(service)}
                  isDisabled={disconnect.isPending}
                >
                  {trans('Disable')}
                </Button>
              ) : (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`${trans('Enable')} ${SOCIAL_LABELS[service]}`}
                  onPress={() => void connect(service)}
                  isPending={pendingService === service}
                  isDisabled={pendingService !== null}
                >
                  {trans('Enable')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {passwordDialog}
    </SettingsPanel>
  );
}
