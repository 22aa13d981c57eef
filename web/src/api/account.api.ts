import { useQuery } from '@tanstack/react-query';
import type { UpdatePasswordBody, UpdateUserBody, User } from '@kosh/contracts';
import { PASSWORD_CONFIRMATION_SECONDS } from '@kosh/contracts/constants';
import { endpoints } from '@kosh/contracts/endpoints';
import { setBootstrapData } from '../shell/bootstrap-store.ts';
import { call } from './call.ts';
import { queryClient } from './query-client.ts';
import { queryKeys } from './query-keys.ts';

/** The calls of the account settings page (part 1, 2.7 and 7.2). */
export const accountApi = {
  getUser: (id: number, signal?: AbortSignal) => call(endpoints.getUser, { params: { id }, signal }),
  updateUser: (id: number, body: UpdateUserBody) => call(endpoints.updateUser, { params: { id }, body }),
  skipProfile: () => call(endpoints.skipProfile),
  uploadAvatar: (id: number, input: { file: File } | { url: string }) => {
    const form = new FormData();
    if ('file' in input) form.append('file', input.file);
    else form.append('url', input.url);
    return call(endpoints.uploadAvatar, { params: { id }, body: form });
  },
  removeAvatar: (id: number) => call(endpoints.removeAvatar, { params: { id } }),
  deleteAccount: (id: number) => call(endpoints.deleteUser, { params: { id }, body: { deleteCurrentUser: true } }),
  changePassword: (body: UpdatePasswordBody) => call(endpoints.updatePassword, { body }),
  passwordConfirmationStatus: () =>
    call(endpoints.getPasswordConfirmation, { query: { seconds: PASSWORD_CONFIRMATION_SECONDS } }),
  confirmPassword: (password: string) => call(endpoints.confirmPassword, { body: { password } }),
  enableTwoFactor: () => call(endpoints.enableTwoFactor),
  disableTwoFactor: () => call(endpoints.disableTwoFactor),
  twoFactorQrCode: (signal?: AbortSignal) => call(endpoints.getTwoFactorQrCode, { signal }),
  confirmTwoFactor: (code: string) => call(endpoints.confirmTwoFactor, { body: { code } }),
  regenerateRecoveryCodes: () => call(endpoints.regenerateRecoveryCodes),
  sessions: (signal?: AbortSignal) => call(endpoints.listUserSessions, { signal }),
  logoutOtherSessions: (password: string) => call(endpoints.logoutOtherSessions, { body: { password } }),
  createToken: (tokenName: string) => call(endpoints.createAccessToken, { body: { tokenName } }),
  deleteToken: (id: number) => call(endpoints.deleteAccessToken, { params: { id } }),
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
