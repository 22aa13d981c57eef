import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InviteMembersResponse,
  MemberRole,
  Workspace,
  WorkspaceDetails,
  WorkspaceDetailsResponse,
  WorkspaceResponse,
  WorkspacesResponse,
} from '@kosh/contracts';
import { http } from '../api/http.ts';
import { useBootstrapData } from '../shell/bootstrap-store.ts';

/** Query keys of workspaces (STYLE.md "Web": a key factory per area). */
export const workspaceKeys = {
  all: ['workspaces'] as const,
  list: ['workspaces', 'list'] as const,
  detail: (id: number) => ['workspaces', 'detail', id] as const,
};

// Calls name the workspace in the path; workspaceId 0 keeps the API client from adding the active one.
const noActive = { workspaceId: 0 };

/** GET me/workspaces: the default first, then the caller's (part 1, 7.2). */
export function useWorkspaces() {
  const { user } = useBootstrapData();
  return useQuery({
    queryKey: workspaceKeys.list,
    queryFn: ({ signal }) => http.get<WorkspacesResponse>('me/workspaces', noActive, signal).then((r) => r.workspaces),
    enabled: !!user,
  });
}

export function useWorkspaceDetails(id: number | null) {
  return useQuery({
    queryKey: workspaceKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      http.get<WorkspaceDetailsResponse>(`workspace/${id}`, noActive, signal).then((r) => r.workspace),
    enabled: !!id,
  });
}

/** After a change: the switcher's list and the open members dialog read again. */
function useRefresh() {
  const qc = useQueryClient();
  return (details?: WorkspaceDetails) => {
    if (details) qc.setQueryData(workspaceKeys.detail(details.id), details);
    void qc.invalidateQueries({ queryKey: workspaceKeys.all });
  };
}

export function useCreateWorkspace() {
  const qc = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (name: string) =>
      http.post<WorkspaceResponse>('workspace', { name, ...noActive }).then((r) => r.workspace),
    onSuccess: (workspace) => {
      qc.setQueryData<Workspace[]>(workspaceKeys.list, (list) => (list ? [...list, workspace] : list));
      refresh();
    },
    meta: { handledStatuses: [403, 422] },
  });
}

export function useRenameWorkspace(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (name: string) =>
      http.put<WorkspaceResponse>(`workspace/${id}`, { name, ...noActive }).then((r) => r.workspace),
    onSuccess: () => refresh(),
    meta: { handledStatuses: [422] },
  });
}

export function useDeleteWorkspace() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => http.delete<unknown>(`workspace/${id}`),
    onSuccess: () => refresh(),
  });
}

export function useInviteMembers(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { emails: string[]; role: MemberRole }) =>
      http.post<InviteMembersResponse>(`workspace/${id}/invite`, { ...body, ...noActive }),
    onSuccess: (answer) => refresh(answer.workspace),
    meta: { handledStatuses: [422] },
  });
}

export function useCancelInvite(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (inviteId: string) => http.delete<unknown>(`workspace/${id}/invite/${encodeURIComponent(inviteId)}`),
    onSettled: () => refresh(),
  });
}

export function useChangeRole(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: MemberRole }) =>
      http
        .put<WorkspaceDetailsResponse>(`workspace/${id}/member/${userId}`, { role, ...noActive })
        .then((r) => r.workspace),
    onSuccess: (details) => refresh(details),
  });
}

export function useRemoveMember(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (userId: number) => http.delete<unknown>(`workspace/${id}/member/${userId}`),
    onSuccess: () => refresh(),
  });
}

export function useLeaveWorkspace() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => http.post<unknown>(`workspace/${id}/leave`, noActive),
    onSuccess: () => refresh(),
  });
}

export type { Workspace };
