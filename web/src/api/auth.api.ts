import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { BootstrapData, LoginUserBody, ResetPasswordBody } from '@kosh/contracts';
import { parseBootstrapData, setBootstrapData } from '../shell/bootstrap-store.ts';
import { isInAppearanceEditor } from '../shell/appearance/appearance-editor.ts';
import { trans } from '../shell/i18n/useTrans.tsx';
import { toast } from '../ui/toast/toast-store.ts';
import { http } from './http.ts';
import { queryClient } from './query-client.ts';

type RawBootstrap = BootstrapData | string;

export type LoginPayload = LoginUserBody;
/** POST auth/login answers the two-factor flag, or the signed-in bootstrap data (part 1, 4). */
export type LoginResponse = { two_factor?: boolean; bootstrapData?: RawBootstrap };
export type TwoFactorChallengePayload = { code: string } | { recovery_code: string };
export type RegisterPayload = {
  email: string;
  password: string;
  password_confirmation: string;
  invite_id?: string;
  invite_type?: string;
} & Record<string, unknown>;
export type RegisterResponse = { status?: string; bootstrapData: RawBootstrap };

export const authApi = {
  login: (payload: LoginPayload) => http.post<LoginResponse>('auth/login', payload),
  twoFactorChallenge: (payload: TwoFactorChallengePayload) =>
    http.post<{ bootstrapData: RawBootstrap }>('auth/two-factor-challenge', payload),
  register: (payload: RegisterPayload) => http.post<RegisterResponse>('auth/register', payload),
  forgotPassword: (payload: { email: string }) => http.post<{ message?: string }>('auth/forgot-password', payload),
  resetPassword: (payload: ResetPasswordBody) => http.post<{ message?: string }>('auth/reset-password', payload),
  logout: () => http.post<{ bootstrapData?: RawBootstrap }>('auth/logout'),
  verifyEmail: (code: string) => http.post<{ message?: string }>('validate-email-verification-otp', { code }),
  resendVerification: (email: string) => http.post<{ message?: string }>('resend-email-verification', { email }),
  verifyHuman: (token: string) => http.post<{ success: boolean }>('recaptcha/verify', { token }),
  connectSocial: (password: string) =>
    http.post<{ bootstrapData: RawBootstrap }>('secure/auth/social/connect', { password }),
  disconnectSocial: (service: string) =>
    http.post<{ message?: string }>(`secure/auth/social/${service}/disconnect`, { service }),
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
  const fresh =
    raw ?? (await http.get<BootstrapData | { bootstrapData: RawBootstrap }>('bootstrap-data').catch(() => undefined));
  if (!fresh) return;
  applyBootstrapData(typeof fresh === 'object' && 'bootstrapData' in fresh ? fresh.bootstrapData : fresh);
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
