import { useMutation, useQuery } from '@tanstack/react-query';
import {
  type AdminUserDetail,
  AdminUserIdParamsSchema,
  AdminUserResponseSchema,
  AdminUserTokenParamsSchema,
  AdminUserTokensResponseSchema,
  EndAdminUserSessionsResponseSchema,
  ListUserSessionsResponseSchema,
  MessageResponseSchema,
  type UpdateAdminUserBody,
  UpdateAdminUserBodySchema,
  UploadAvatarBodySchema,
} from '@kosh/contracts';
import type { EndpointDefinition } from '@kosh/contracts/endpoints';
import { call } from '../../../api/call.ts';
import { queryClient } from '../../../api/query-client.ts';
import { adminUserKeys } from '../admin-users.api.ts';

// The edit page's calls, declared like admin-endpoints.ts with the routes' own schemas so `call` types them.
const userEditEndpoints = {
  get: { method: 'GET', path: 'admin/users/:id', params: AdminUserIdParamsSchema, response: AdminUserResponseSchema },
  update: {
    method: 'PUT',
    path: 'admin/users/:id',
    params: AdminUserIdParamsSchema,
    body: UpdateAdminUserBodySchema,
    response: AdminUserResponseSchema,
  },
  delete: { method: 'DELETE', path: 'admin/users/:id', params: AdminUserIdParamsSchema },
  verificationMail: {
    method: 'POST',
    path: 'admin/users/:id/verification-mail',
    params: AdminUserIdParamsSchema,
    response: MessageResponseSchema,
  },
  sessions: {
    method: 'GET',
    path: 'admin/users/:id/sessions',
    params: AdminUserIdParamsSchema,
    response: ListUserSessionsResponseSchema,
  },
  endSessions: {
    method: 'DELETE',
    path: 'admin/users/:id/sessions',
    params: AdminUserIdParamsSchema,
    response: EndAdminUserSessionsResponseSchema,
  },
  disableTwoFactor: {
    method: 'DELETE',
    path: 'admin/users/:id/two-factor',
    params: AdminUserIdParamsSchema,
    response: AdminUserResponseSchema,
  },
  passwordReset: {
    method: 'POST',
    path: 'admin/users/:id/password-reset',
    params: AdminUserIdParamsSchema,
    response: MessageResponseSchema,
  },
  tokens: {
    method: 'GET',
    path: 'admin/users/:id/access-tokens',
    params: AdminUserIdParamsSchema,
    response: AdminUserTokensResponseSchema,
  },
  revokeToken: { method: 'DELETE', path: 'admin/users/:id/access-tokens/:tokenId', params: AdminUserTokenParamsSchema },
  setAvatar: {
    method: 'POST',
    path: 'admin/users/:id/avatar',
    params: AdminUserIdParamsSchema,
    form: UploadAvatarBodySchema,
    response: AdminUserResponseSchema,
  },
  removeAvatar: {
    method: 'DELETE',
    path: 'admin/users/:id/avatar',
    params: AdminUserIdParamsSchema,
    response: AdminUserResponseSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;

/** Query keys of the edit page, under the users' keys: a change anywhere in the users screens reads them again. */
export const userEditKeys = {
  detail: (id: number) => [...adminUserKeys.all, 'detail', id] as const,
  sessions: (id: number) => [...adminUserKeys.all, 'detail', id, 'sessions'] as const,
  tokens: (id: number) => [...adminUserKeys.all, 'detail', id, 'tokens'] as const,
};

/** One user with every tab's fields (GET admin/users/{id}); the page shows its own 404. */
export function useAdminUser(id: number) {
  return useQuery({
    queryKey: userEditKeys.detail(id),
    queryFn: ({ signal }) => call(userEditEndpoints.get, { params: { id }, signal }).then((r) => r.user),
    meta: { handledStatuses: [404] },
  });
}

const refreshUsers = () => queryClient.invalidateQueries({ queryKey: adminUserKeys.all });

/** Saves a tab's fields (PUT admin/users/{id}); the tab puts a 422 on its fields. */
export function useUpdateAdminUser(id: number) {
  return useMutation({
    mutationFn: (body: UpdateAdminUserBody) => call(userEditEndpoints.update, { params: { id }, body }),
    meta: { handledStatuses: [422] },
    onSuccess: async ({ user }) => {
      queryClient.setQueryData(userEditKeys.detail(id), user);
      await refreshUsers();
    },
  });
}

/** The profile image as staff set or remove it (admin/users/{id}/avatar); the page shows the answer at once. */
export function adminAvatarCalls(id: number) {
  const show = async ({ user }: { user: AdminUserDetail }) => {
    queryClient.setQueryData(userEditKeys.detail(id), user);
    await refreshUsers();
  };
  return {
    upload: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return call(userEditEndpoints.setAvatar, { params: { id }, body: form }).then(show);
    },
    remove: () => call(userEditEndpoints.removeAvatar, { params: { id } }).then(show),
  };
}

/** Deletes the user (DELETE admin/users/{id}). */
export function useDeleteAdminUser() {
  return useMutation({
    mutationFn: (id: number) => call(userEditEndpoints.delete, { params: { id } }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: userEditKeys.detail(id) });
      return refreshUsers();
    },
  });
}

export function useSendVerification(id: number) {
  return useMutation({ mutationFn: () => call(userEditEndpoints.verificationMail, { params: { id } }) });
}

export function useUserSessions(id: number) {
  return useQuery({
    queryKey: userEditKeys.sessions(id),
    queryFn: ({ signal }) => call(userEditEndpoints.sessions, { params: { id }, signal }).then((r) => r.sessions),
  });
}

export function useEndSessions(id: number) {
  return useMutation({
    mutationFn: () => call(userEditEndpoints.endSessions, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userEditKeys.sessions(id) }),
  });
}

export function useDisableTwoFactor(id: number) {
  return useMutation({
    mutationFn: () => call(userEditEndpoints.disableTwoFactor, { params: { id } }),
    onSuccess: ({ user }) => queryClient.setQueryData(userEditKeys.detail(id), user),
  });
}

export function useSendPasswordReset(id: number) {
  return useMutation({ mutationFn: () => call(userEditEndpoints.passwordReset, { params: { id } }) });
}

export function useUserTokens(id: number) {
  return useQuery({
    queryKey: userEditKeys.tokens(id),
    queryFn: ({ signal }) => call(userEditEndpoints.tokens, { params: { id }, signal }).then((r) => r.tokens),
  });
}

export function useRevokeToken(id: number) {
  return useMutation({
    mutationFn: (tokenId: number) => call(userEditEndpoints.revokeToken, { params: { id, tokenId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userEditKeys.tokens(id) }),
  });
}
