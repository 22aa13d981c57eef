import { WORKSPACE_MESSAGES } from '@kosh/contracts';
import { endpoints } from '@kosh/contracts/endpoints';
import { isApiError } from '../api/api-error.ts';
import { call } from '../api/call.ts';
import { showHttpErrorToast } from '../api/error-handler.ts';
import { trans } from '../shell/i18n/useTrans.tsx';
import { toast } from '../ui/toast/toast-store.ts';
import { switchWorkspace } from './active-workspace.ts';

/**
 * GET workspace/join/{inviteId} after registering from an invite link: the joined workspace
 * becomes the active one. A stale invite answers 404: 'This invite is no longer valid' (part 1, 8).
 */
export async function joinInvitedWorkspace(inviteId: string): Promise<void> {
  try {
    const { workspace } = await call(endpoints.joinWorkspace, { params: { inviteId }, workspaceId: 0 });
    switchWorkspace(workspace.id);
    toast.positive(trans(WORKSPACE_MESSAGES.joined));
  } catch (error) {
    if (isApiError(error) && error.code === 'not_found') toast.danger(trans(WORKSPACE_MESSAGES.staleInvite));
    else showHttpErrorToast(error);
  }
}
