import { useQuery } from '@tanstack/react-query';
import {
  PASSWORD_CONFIRMATION_SECONDS,
  type AccessToken,
  type UpdatePasswordBody,
  type UpdateUserBody,
  type User,
  type UserSession,
} from '@kosh/contracts';
import { setBootstrapData } from '../shell/bootstrap-store.ts';
import { http } from './http.ts';
import { queryClient } from './query-client.ts';
import { queryKeys } from './query-keys.ts';

type UserAnswer = { user: User };

/** The calls of the account settings page (part 1, 2.7 and 7.2). */
export const accountApi = {
  getUser: (id: number, signal?: AbortSignal) => http.get<UserAnswer>(`users/${id}`, undefined, signal),
  updateUser: (id: number, body: UpdateUserBody) => http.put<UserAnswer>(`users/${id}`, body),
  skipProfile: () => http.put<unknown>('users/skipCounter'),
  uploadAvatar: (id: number, input: { file: File } | { url: string }) => {
    const form = new FormData();
    if ('file' in input) form.append('file', input.file);
    else form.append('url', input.url);
    return http.post<UserAnswer>(`users/${id}/avatar`, form);
  },
  removeAvatar: (id: number) => http.delete<UserAnswer>(`users/${id}/avatar`),
  deleteAccount: (id: number) => http.delete<unknown>(`users/${id}`, { deleteCurrentUser: true }),
  changePassword: (body: UpdatePasswordBody) => http.put<unknown>('auth/user/password', body),
  passwordConfirmationStatus: () =>
    http.get<{ confirmed: boolean }>('auth/user/confirmed-password-status', { seconds: PASSWORD_CONFIRMATION_SECONDS }),
  confirmPassword: (password: string) => http.post<unknown>('auth/user/confirm-password', { password }),
  enableTwoFactor: () => http.post<unknown>('auth/user/two-factor-authentication'),
  disableTwoFactor: () => http.delete<unknown>('auth/user/two-factor-authentication'),
  twoFactorQrCode: (signal?: AbortSignal) =>
    http.get<{ svg: string; secret: string }>('auth/user/two-factor/qr-code', undefined, signal),
  confirmTwoFactor: (code: string) => http.post<unknown>('auth/user/confirmed-two-factor-authentication', { code }),
  regenerateRecoveryCodes: () => http.post<unknown>('auth/user/two-factor-recovery-codes'),
  sessions: (signal?: AbortSignal) => http.get<{ sessions: UserSession[] }>('user-sessions', undefined, signal),
  logoutOtherSessions: (password: string) => http.post<unknown>('user-sessions/logout-other', { password }),
  createToken: (tokenName: string) =>
    http.post<{ plainTextToken: string; token: AccessToken }>('access-tokens', { tokenName }),
  deleteToken: (id: number) => http.delete<unknown>(`access-tokens/${id}`),
};

/** The signed-in user's full record (tokens, social profiles, recovery codes) for the settings page. */
export function useAccountUser(id: number) {
  return useQuery({
    queryKey: queryKeys.account.user(id),
    queryFn: ({ signal }) => accountApi.getUser(id, signal).then((r) => r.user),
  });
}

/**
 * Puts a fresh user answer in the cache and into the bootstrap data, so the navbar (name,
 * avatar) and the guards see it; roles, permissions and subscriptions stay as signed in.
 */
export function storeUser(user: User): void {
  queryClient.setQueryData(queryKeys.account.user(user.id), user);
  setBootstrapData((prev) => {
    if (!prev.user || prev.user.id !== user.id) return prev;
    const { permissions: _p, roles: _r, subscriptions: _s, ...rest } = user;
    return { ...prev, user: { ...prev.user, ...rest } };
  });
}

/** Refetches the user after a change whose answer does not carry it, then stores it. */
export async function refreshAccountUser(id: number): Promise<User> {
  const { user } = await accountApi.getUser(id);
  storeUser(user);
  return user;
}
