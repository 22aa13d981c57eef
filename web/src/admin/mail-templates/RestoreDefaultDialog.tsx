import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

type Props = { name: string; isOpen: boolean; isPending: boolean; onClose: () => void; onConfirm: () => void };

/** Confirms putting a mail back to its default: the edit (saved or not) is lost. */
export function RestoreDefaultDialog({ name, isOpen, isPending, onClose, onConfirm }: Props) {
  const { trans } = useTrans();
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title={trans('Restore the default?')}
      role="alertdialog"
      size="sm"
      actions={
        <>
          <Button variant="text" onPress={onClose} isDisabled={isPending}>
            {trans('Cancel')}
          </Button>
          <Button variant="danger" onPress={onConfirm} isPending={isPending}>
            {trans('Restore default')}
          </Button>
        </>
      }
    >
      <p className="text-sm text-fg-muted">
        {trans('The :name mail goes back to the words Kosh came with; your changes to it are lost.', { name })}
      </p>
    </Dialog>
  );
}
