import { isApiError } from '../../api/api-error.ts';
import { useCreateFolder } from '../../api/drive-mutations.api.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { NameDialog } from './NameDialog.tsx';

/** New folder in the open folder (or the root); a refused name shows under the field. */
export function NewFolderDialog({
  isOpen,
  onClose,
  parentId,
}: {
  isOpen: boolean;
  onClose: () => void;
  parentId: number | null;
}) {
  const { trans } = useTrans();
  const create = useCreateFolder();
  const error = create.error;
  const message =
    isApiError(error) && error.status === 422 ? (error.errors.name?.[0] ?? error.displayMessage) : undefined;
  const close = () => {
    create.reset();
    onClose();
  };
  return (
    <NameDialog
      isOpen={isOpen}
      onClose={close}
      title={trans('New folder')}
      label={trans('Folder name')}
      submitLabel={trans('Create')}
      initialValue={trans('Untitled folder')}
      errorMessage={message}
      isPending={create.isPending}
      onSubmit={(name) =>
        create.mutate(
          { name, parentId },
          {
            onSuccess: ({ fileEntry }) => {
              toast.positive(trans('Created folder :name', { name: fileEntry.name }));
              close();
            },
          },
        )
      }
    />
  );
}
