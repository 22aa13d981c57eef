import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

type Props = {
  isOpen: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
};

/** A destructive action always confirms (UI.md): Cancel, then the danger button. */
export function ConfirmDialog({ isOpen, title, body, confirmLabel, onConfirm, onClose }: Props) {
  const { trans } = useTrans();
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      role="alertdialog"
      size="sm"
      title={title}
      actions={
        <>
          <Button variant="text" onPress={onClose} autoFocus>
            {trans('Cancel')}
          </Button>
          <Button
            variant="danger"
            onPress={() => {
              onConfirm();
              onClose();
            }}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className="text-sm text-fg-muted">{body}</p>
    </Dialog>
  );
}
