import { useEffect, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import Cookies from 'js-cookie';
import { COOKIE, COOKIE_DEFAULT_DAYS, DEFAULT_WORKSPACE_ID, type Workspace } from '@kosh/contracts';
import { endpoints } from '@kosh/contracts/endpoints';
import { call } from '../api/call.ts';
import { driveKeys } from '../api/drive.api.ts';
import { queryClient } from '../api/query-client.ts';
import { useWorkspaces } from './workspaces.api.ts';

// The active workspace (spec part 1, 4): its id lives in the activeWorkspaceId cookie (default
// 0), which the API client reads to add workspaceId to GET, POST and PUT calls.

const listeners = new Set<() => void>();
let navigateToDrive: (() => void) | null = null;

function readActiveId(): number {
  const id = Number(Cookies.get(COOKIE.activeWorkspace) ?? DEFAULT_WORKSPACE_ID);
  return Number.isSafeInteger(id) && id >= 0 ? id : DEFAULT_WORKSPACE_ID;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Makes a workspace active: stores the id (here, and on the server so that signing in on another
 * device opens it), drops the drive's cached listings (they belong to the workspace that was
 * active) and, inside the drive, goes back to its root. Joining an invite calls it with the
 * joined workspace.
 */
export function switchWorkspace(id: number): void {
  Cookies.set(COOKIE.activeWorkspace, String(id), { expires: COOKIE_DEFAULT_DAYS, path: '/', sameSite: 'lax' });
  // Best effort: a failure only means another device opens the previous workspace.
  call(endpoints.rememberWorkspace, { body: { workspaceId: id } }).catch(() => undefined);
  queryClient.removeQueries({ queryKey: driveKeys.all });
  void queryClient.invalidateQueries({ queryKey: driveKeys.all });
  void queryClient.invalidateQueries({ queryKey: ['workspaces'] });
  for (const listener of listeners) listener();
  navigateToDrive?.();
}

/** The active workspace id, re-rendering when it changes. */
export function useActiveWorkspaceId(): number {
  return useSyncExternalStore(subscribe, readActiveId, () => DEFAULT_WORKSPACE_ID);
}

/**
 * The active workspace and the caller's list (default first). A workspace the caller no longer
 * belongs to (left, removed, deleted) falls back to the default.
 */
export function useActiveWorkspace(): {
  id: number;
  workspace: Workspace | undefined;
  workspaces: Workspace[];
  isLoading: boolean;
} {
  const id = useActiveWorkspaceId();
  const { data, isLoading, isFetching } = useWorkspaces();
  const workspaces = data ?? [];
  const workspace = workspaces.find((w) => w.id === id);
  useEffect(() => {
    // Only a fresh list decides: right after a create or join the cached one does not hold it yet.
    if (data && !isFetching && !data.some((w) => w.id === id)) switchWorkspace(DEFAULT_WORKSPACE_ID);
  }, [data, isFetching, id]);
  return { id, workspace, workspaces, isLoading };
}

/** May the caller add entries to the active workspace? A viewer may not (the server refuses too). */
export function useCanWriteActiveWorkspace(): boolean {
  const { id, workspace } = useActiveWorkspace();
  // Until the list says otherwise, only the personal drive is known to be writable.
  return id === DEFAULT_WORKSPACE_ID || (!!workspace?.role && workspace.role !== 'viewer');
}

/** Inside the drive layout: a switch goes back to the drive's root. */
export function useDriveRootOnSwitch(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const go = () => void navigate('/drive');
    navigateToDrive = go;
    return () => {
      if (navigateToDrive === go) navigateToDrive = null;
    };
  }, [navigate]);
}
