import { useMutation } from '@tanstack/react-query';
import type { AdminRoleRow } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { invalidateRoles, rolesApi } from './roles.api.ts';

type Props = { role: AdminRoleRow | null; onClose: () => void; onDeleted?: () => void };

/** Confirms deleting a role; its users lose what it gave them. */
export function DeleteRoleDialog({ role, onClose, onDeleted }: Props) {
  const { trans } = useTrans();
  const remove = useMutation({
    mutationFn: (id: number) => rolesApi.delete(id),
    onSuccess: async () => {
      toast.positive(trans('Role deleted'));
      onClose();
      onDeleted?.();
      await invalidateRoles();
    },
  });
  const users = role?.users_count ?? 0;
  return (
    <Dialog
      isOpen={role !== null}
      onOpenChange={(open) => !open && onClose()}
      title={trans('Delete role?')}
      role="alertdialog"
      size="sm"
      actions={
        <>
          <Button variant="text" onPress={onClose} isDisabled={remove.isPending}>
            {trans('Cancel')}
          </Button>
          <Button variant="danger" onPress={() => role && remove.mutate(role.id)} isPending={remove.isPending}>
            {trans('Delete')}
          </Button>
        </>
      }
    >
      <p className="text-sm text-fg-muted">
        {users > 0
          ? trans(':name will be deleted and its :count users lose the permissions it gives them.', {
              name: role?.name ?? '',
              count: String(users),
            })
          : trans(':name will be deleted. No user has it.', { name: role?.name ?? '' })}
      </p>
    </Dialog>
  );
}
