import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type {
  BootstrapData,
  ChallengeTwoFactorBody,
  LoginUserBody,
  RegisterUserBody,
  ResetPasswordBody,
  SocialService,
} from '@kosh/contracts';
import { endpoints } from '@kosh/contracts/endpoints';
import { parseBootstrapData, setBootstrapData } from '../shell/bootstrap-store.ts';
import { isInAppearanceEditor } from '../shell/appearance/appearance-editor.ts';
import { trans } from '../shell/i18n/useTrans.tsx';
import { toast } from '../ui/toast/toast-store.ts';
import { call } from './call.ts';
import { queryClient } from './query-client.ts';

type RawBootstrap = BootstrapData | string;

export type LoginPayload = LoginUserBody;
export type RegisterPayload = RegisterUserBody;

export const authApi = {
  login: (body: LoginPayload) => call(endpoints.login, { body }),
  twoFactorChallenge: (body: ChallengeTwoFactorBody) => call(endpoints.challengeTwoFactor, { body }),
  register: (body: RegisterPayload) => call(endpoints.register, { body }),
  forgotPassword: (body: { email: string }) => call(endpoints.sendPasswordReset, { body }),
  resetPassword: (body: ResetPasswordBody) => call(endpoints.resetPassword, { body }),
  logout: () => call(endpoints.logout),
  verifyEmail: (code: string) => call(endpoints.verifyEmail, { body: { code } }),
  resendVerification: (email: string, options: { ifNonePending?: boolean } = {}) =>
    call(endpoints.resendEmailVerification, { body: { email, ...options } }),
  verifyHuman: (token: string) => call(endpoints.verifyRecaptcha, { body: { token } }),
  connectSocial: (password: string) => call(endpoints.connectSocial, { body: { password } }),
  disconnectSocial: (service: SocialService) => call(endpoints.disconnectSocial, { params: { service } }),
};

/** Applies new bootstrap data after login/logout/registration; cached server state is dropped. */
export function applyBootstrapData(raw: RawBootstrap): BootstrapData {
  const data = parseBootstrapData(raw);
  queryClient.clear();
  setBootstrapData(data);
  return data;
}

/**
 * Ends the session locally: drops cached server state and the user (after logout or account
 * deletion). Without bootstrap data in the answer, the visitor's is fetched (guest role, menus).
 */
export async function applySignedOut(raw?: RawBootstrap): Promise<void> {
  queryClient.clear();
  setBootstrapData((prev) => ({ ...prev, user: null }));
  const fresh = raw ?? (await call(endpoints.getBootstrapData).catch(() => undefined));
  if (fresh) applyBootstrapData(fresh);
}

/**
 * Logout (part 1, 4): POST auth/logout, replace bootstrap data, go to /login; refused
 * inside the appearance editor.
 */
export function useLogout() {
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: authApi.logout,
    onSuccess: async (response) => {
      await applySignedOut(response?.bootstrapData);
      await navigate('/login', { replace: true });
    },
  });
  return {
    ...mutation,
    logout: () => {
      if (isInAppearanceEditor()) {
        toast.danger(trans("Can't logout while in appearance editor."));
        return;
      }
      mutation.mutate();
    },
  };
}
