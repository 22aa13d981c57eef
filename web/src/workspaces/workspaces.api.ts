import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberRole, Workspace, WorkspaceDetails } from '@kosh/contracts';
import { WORKSPACES_LIST_KEY } from '@kosh/contracts/constants';
import { endpoints } from '@kosh/contracts/endpoints';
import { call } from '../api/call.ts';
import { useBootstrapData } from '../shell/bootstrap-store.ts';

/** Query keys of workspaces (STYLE.md "Web": a key factory per area). */
export const workspaceKeys = {
  all: ['workspaces'] as const,
  list: WORKSPACES_LIST_KEY,
  detail: (id: number) => ['workspaces', 'detail', id] as const,
};

// Calls name the workspace in the path; workspaceId 0 keeps the API client from adding the active one.
const noActive = { workspaceId: 0 };

/** GET me/workspaces: the default first, then the caller's (part 1, 7.2). */
export function useWorkspaces() {
  const { user } = useBootstrapData();
  return useQuery({
    queryKey: workspaceKeys.list,
    queryFn: ({ signal }) => call(endpoints.listWorkspaces, { ...noActive, signal }).then((r) => r.workspaces),
    enabled: !!user,
  });
}

export function useWorkspaceDetails(id: number | null) {
  return useQuery({
    queryKey: workspaceKeys.detail(id ?? 0),
    queryFn: ({ signal }) =>
      call(endpoints.getWorkspace, { params: { id: id ?? 0 }, ...noActive, signal }).then((r) => r.workspace),
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
      call(endpoints.createWorkspace, { body: { name, ...noActive } }).then((r) => r.workspace),
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
      call(endpoints.updateWorkspace, { params: { id }, body: { name, ...noActive } }).then((r) => r.workspace),
    onSuccess: () => refresh(),
    meta: { handledStatuses: [422] },
  });
}

export function useDeleteWorkspace() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => call(endpoints.deleteWorkspace, { params: { id } }),
    onSuccess: () => refresh(),
  });
}

export function useInviteMembers(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { emails: string[]; role: MemberRole }) =>
      call(endpoints.inviteMembers, { params: { id }, body: { ...body, ...noActive } }),
    onSuccess: (answer) => refresh(answer.workspace),
    meta: { handledStatuses: [422] },
  });
}

export function useCancelInvite(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (inviteId: string) => call(endpoints.cancelInvite, { params: { id, inviteId } }),
    onSettled: () => refresh(),
  });
}

export function useChangeRole(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: MemberRole }) =>
      call(endpoints.changeMemberRole, { params: { id, userId }, body: { role, ...noActive } }).then(
        (r) => r.workspace,
      ),
    onSuccess: (details) => refresh(details),
  });
}

export function useRemoveMember(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (userId: number) => call(endpoints.removeMember, { params: { id, userId } }),
    onSuccess: () => refresh(),
  });
}

export function useLeaveWorkspace() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => call(endpoints.leaveWorkspace, { params: { id }, ...noActive }),
    onSuccess: () => refresh(),
  });
}

export type { Workspace };
