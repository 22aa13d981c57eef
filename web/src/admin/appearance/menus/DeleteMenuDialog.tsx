import { useState } from 'react';
import type { Menu } from '@kosh/contracts';
import { showHttpErrorToast } from '../../../api/error-handler.ts';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { toast } from '../../../ui/toast/toast-store.ts';
import { menusApi, refreshMenus } from './menus.api.ts';

type Props = { menu: Menu | null; onClose: () => void; onDeleted?: () => void };

/** Confirms deleting a menu: its positions show no menu until another takes them. */
export function DeleteMenuDialog({ menu, onClose, onDeleted }: Props) {
  const { trans } = useTrans();
  const [isPending, setPending] = useState(false);
  const remove = async () => {
    if (!menu) return;
    setPending(true);
    try {
      await menusApi.delete(menu.id);
      toast.positive(trans('Menu deleted'));
      onClose();
      onDeleted?.();
      await refreshMenus();
    } catch (error) {
      showHttpErrorToast(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <ConfirmDialog
      isOpen={!!menu}
      onClose={onClose}
      title={trans('Delete menu?')}
      confirmLabel={trans('Delete')}
      onConfirm={() => void remove()}
      isPending={isPending}
    >
      {trans('The menu :name and its items are deleted. This cannot be undone.', { name: menu?.name ?? '' })}
    </ConfirmDialog>
  );
}
