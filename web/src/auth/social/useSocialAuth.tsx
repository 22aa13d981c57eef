import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import type { BootstrapData, SocialService } from '@kosh/contracts';
import { applyBootstrapData } from '../../api/auth.api.ts';
import { resolveUrl } from '../../api/http.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { defaultRedirectFor } from '../../shell/redirects.ts';
import { getBootstrapData } from '../../shell/bootstrap-store.ts';
import { toast } from '../../ui/toast/toast-store.ts';
import { openSocialPopup } from './social-popup.ts';
import { socialOutcome } from './social-result.ts';

// Asked for only when a provider's address already has an account: the dialog (and the overlay
// code under it) loads then, not with the sign-in and register pages.
const SocialPasswordDialog = lazy(() =>
  import('./SocialPasswordDialog.tsx').then((m) => ({ default: m.SocialPasswordDialog })),
);

/**
 * Social sign-in in a popup (part 1, 2.8 and 4). `loginWith` signs in or registers;
 * `connectWith` links a provider to the signed-in account and resolves true on success.
 * Render `passwordDialog` for the REQUEST_PASSWORD step.
 */
export function useSocialAuth() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const [isPasswordOpen, setPasswordOpen] = useState(false);
  const [hasAskedPassword, setAskedPassword] = useState(false);
  const [pendingService, setPendingService] = useState<SocialService | null>(null);

  const goToRedirect = async () => {
    await navigate(defaultRedirectFor(getBootstrapData().user, window.sessionStorage), { replace: true });
  };
  const signIn = async (raw: BootstrapData | string) => {
    const data = applyBootstrapData(raw);
    await navigate(defaultRedirectFor(data.user, window.sessionStorage), { replace: true });
  };

  const run = async (service: SocialService, mode: 'login' | 'connect'): Promise<boolean> => {
    setPendingService(service);
    try {
      const outcome = socialOutcome(await openSocialPopup(resolveUrl(`secure/auth/social/${service}/${mode}`)));
      switch (outcome.kind) {
        case 'signed-in':
          if (mode === 'login') await signIn(outcome.bootstrapData);
          return true;
        case 'redirect':
          if (mode === 'login') await goToRedirect();
          return mode === 'connect';
        case 'password':
          setAskedPassword(true);
          setPasswordOpen(true);
          return false;
        case 'error':
          toast.danger(trans(outcome.message));
          return false;
        default:
          return false;
      }
    } finally {
      setPendingService(null);
    }
  };

  return {
    pendingService,
    loginWith: (service: SocialService) => run(service, 'login'),
    connectWith: (service: SocialService) => run(service, 'connect'),
    passwordDialog: hasAskedPassword && (
      <Suspense fallback={null}>
        <SocialPasswordDialog isOpen={isPasswordOpen} onOpenChange={setPasswordOpen} onConnected={signIn} />
      </Suspense>
    ),
  };
}
