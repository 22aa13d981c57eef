import type { ReactNode } from 'react';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';

type Props = {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  confirmLabel: string;
  onConfirm: () => void;
  isPending: boolean;
  children: ReactNode;
};

/** A destructive action's question: Cancel (focused) and the action in danger colours. */
export function ConfirmDialog({ isOpen, onClose, title, confirmLabel, onConfirm, isPending, children }: Props) {
  const { trans } = useTrans();
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && !isPending && onClose()}
      role="alertdialog"
      size="sm"
      title={title}
      actions={
        <>
          <Button variant="text" onPress={onClose} isDisabled={isPending} autoFocus>
            {trans('Cancel')}
          </Button>
          <Button variant="danger" onPress={onConfirm} isPending={isPending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="text-sm text-fg-muted">{children}</div>
    </Dialog>
  );
}
