import { useState } from 'react';
import { Pencil } from 'lucide-react';
import { DEFAULT_WORKSPACE_ID, type Workspace, type WorkspaceRole } from '@kosh/contracts';
import { isApiError } from '../api/api-error.ts';
import { ConfirmDialog } from '../drive/dialogs/ConfirmDialog.tsx';
import { NameDialog } from '../drive/dialogs/NameDialog.tsx';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { Button, IconButton } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { toast } from '../ui/toast/toast-store.ts';
import { switchWorkspace } from './active-workspace.ts';
import { InviteForm } from './InviteForm.tsx';
import { MemberList } from './MemberList.tsx';
import { PendingInvites } from './PendingInvites.tsx';
import { canManageMembers } from './role-labels.ts';
import {
  useDeleteWorkspace,
  useLeaveWorkspace,
  useRemoveMember,
  useRenameWorkspace,
  useWorkspaceDetails,
} from './workspaces.api.ts';

type Confirm = { title: string; body: string; label: string; run: () => void } | null;

/**
 * The members dialog of a workspace: invite by email at a role, change roles, remove members and
 * cancel invites (admins and the owner); rename and delete (the owner); leave (everyone else).
 * Destructive actions confirm first.
 */
export function MembersDialog({
  isOpen,
  onClose,
  workspace,
}: {
  isOpen: boolean;
  onClose: () => void;
  workspace: Workspace;
}) {
  const { trans } = useTrans();
  const { data: details } = useWorkspaceDetails(isOpen ? workspace.id : null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [isRenameOpen, setRenameOpen] = useState(false);
  const removeMember = useRemoveMember(workspace.id);
  const rename = useRenameWorkspace(workspace.id);
  const remove = useDeleteWorkspace();
  const leave = useLeaveWorkspace();

  const myRole: WorkspaceRole | undefined = details?.role ?? workspace.role;
  const canManage = canManageMembers(myRole);
  const isOwner = myRole === 'owner';
  const name = details?.name ?? workspace.name;
  const count = details?.members.length;
  const toDefault = (message: string) => {
    toast.positive(trans(message));
    onClose();
    switchWorkspace(DEFAULT_WORKSPACE_ID);
  };
  const askDelete = () =>
    setConfirm({
      title: trans('Delete workspace'),
      body: trans('Delete ":name"? Its files and folders will move to your trash, and its members will lose access.', {
        name,
      }),
      label: trans('Delete'),
      run: () => remove.mutate(workspace.id, { onSuccess: () => toDefault('Deleted workspace') }),
    });
  const askLeave = () =>
    setConfirm({
      title: trans('Leave workspace'),
      body: trans('Leave ":name"? You will lose access to its files.', { name }),
      label: trans('Leave'),
      run: () => leave.mutate(workspace.id, { onSuccess: () => toDefault('Left workspace') }),
    });

  return (
    <>
      <Dialog
        isOpen={isOpen && !confirm && !isRenameOpen}
        onOpenChange={(open) => !open && onClose()}
        size="md"
        title={
          <span className="flex min-w-0 items-center gap-2">
            <span className="truncate">{name}</span>
            {isOwner && (
              <IconButton label={trans('Rename workspace')} size="sm" onPress={() => setRenameOpen(true)}>
                <Pencil size={16} aria-hidden />
              </IconButton>
            )}
          </span>
        }
        actions={
          <div className="flex w-full flex-wrap items-center gap-2">
            <Button variant="danger-text" onPress={isOwner ? askDelete : askLeave}>
              {isOwner ? trans('Delete workspace') : trans('Leave workspace')}
            </Button>
            <span className="flex-1" />
            <Button variant="text" onPress={onClose}>
              {trans('Close')}
            </Button>
          </div>
        }
      >
        {canManage && <InviteForm workspaceId={workspace.id} />}
        <h3 className="mb-1 text-sm font-medium text-fg-muted">
          {count === undefined
            ? trans('Members')
            : count === 1
              ? trans('1 member')
              : trans(':count members', { count })}
        </h3>
        <MemberList
          workspaceId={workspace.id}
          members={details?.members ?? []}
          canManage={canManage}
          onRemove={(member) =>
            setConfirm({
              title: trans('Remove member'),
              body: trans('Remove :name from ":workspace"? Files they added stay in the workspace.', {
                name: member.name,
                workspace: name,
              }),
              label: trans('Remove'),
              run: () => removeMember.mutate(member.id, { onSuccess: () => toast.positive(trans('Removed member')) }),
            })
          }
        />
        {canManage && <PendingInvites workspaceId={workspace.id} invites={details?.invites ?? []} />}
      </Dialog>

      <ConfirmDialog
        isOpen={!!confirm}
        title={confirm?.title ?? ''}
        body={confirm?.body ?? ''}
        confirmLabel={confirm?.label ?? ''}
        onConfirm={() => confirm?.run()}
        onClose={() => setConfirm(null)}
      />
      <NameDialog
        isOpen={isRenameOpen}
        onClose={() => {
          rename.reset();
          setRenameOpen(false);
        }}
        title={trans('Rename workspace')}
        label={trans('Workspace name')}
        submitLabel={trans('Rename')}
        initialValue={name}
        errorMessage={isApiError(rename.error) ? rename.error.displayMessage : undefined}
        isPending={rename.isPending}
        onSubmit={(next) =>
          rename.mutate(next, {
            onSuccess: () => {
              setRenameOpen(false);
              toast.positive(trans('Renamed workspace'));
            },
          })
        }
      />
    </>
  );
}
