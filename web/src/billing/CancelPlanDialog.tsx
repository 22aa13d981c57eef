import type { BillingSubscription } from '@kosh/contracts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { CancelConfirmationText } from './PlanConfirmation.tsx';

type Props = {
  subscription: BillingSubscription;
  isOpen: boolean;
  isCancelling: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Cancelling is destructive, so it always confirms (UI.md); the dialog stays open while it runs. */
export function CancelPlanDialog({ subscription, isOpen, isCancelling, onConfirm, onClose }: Props) {
  const { trans } = useTrans();
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && !isCancelling && onClose()}
      role="alertdialog"
      size="sm"
      title={trans('Cancel your plan?')}
      actions={
        <>
          <Button variant="text" onPress={onClose} isDisabled={isCancelling} autoFocus>
            {trans('Keep plan')}
          </Button>
          <Button variant="danger" onPress={onConfirm} isPending={isCancelling}>
            {trans('Cancel plan')}
          </Button>
        </>
      }
    >
      <CancelConfirmationText subscription={subscription} />
    </Dialog>
  );
}
