import { isApiError } from '../api/api-error.ts';
import { NameDialog } from '../drive/dialogs/NameDialog.tsx';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { toast } from '../ui/toast/toast-store.ts';
import { switchWorkspace } from './active-workspace.ts';
import { useCreateWorkspace } from './workspaces.api.ts';

/** Names a new workspace; once made it becomes the active one. */
export function CreateWorkspaceDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { trans } = useTrans();
  const create = useCreateWorkspace();
  const error = isApiError(create.error) ? create.error.displayMessage : undefined;
  return (
    <NameDialog
      isOpen={isOpen}
      onClose={() => {
        create.reset();
        onClose();
      }}
      title={trans('Create workspace')}
      label={trans('Workspace name')}
      submitLabel={trans('Create')}
      initialValue=""
      errorMessage={error}
      isPending={create.isPending}
      onSubmit={(name) =>
        create.mutate(name, {
          onSuccess: (workspace) => {
            onClose();
            toast.positive(trans('Created workspace'));
            switchWorkspace(workspace.id);
          },
        })
      }
    />
  );
}
