import type { Product } from '@kosh/contracts';
import { isApiError } from '../../api/api-error.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { useDeletePlan } from './plans.api.ts';

type Props = { plan: Product | null; onClose: () => void; onDeleted?: () => void };

/** Confirms deleting a plan; the server's refusal (the free plan, a plan with subscribers) is shown in it. */
export function DeletePlanDialog({ plan, onClose, onDeleted }: Props) {
  const { trans } = useTrans();
  const remove = useDeletePlan();
  const close = () => {
    remove.reset();
    onClose();
  };
  const refusal = isApiError(remove.error) && remove.error.status === 409 ? remove.error.message : null;
  return (
    <Dialog
      isOpen={!!plan}
      onOpenChange={(open) => !open && close()}
      role="alertdialog"
      size="sm"
      title={trans('Delete plan?')}
      actions={
        <>
          <Button variant="text" onPress={close}>
            {trans('Cancel')}
          </Button>
          <Button
            variant="danger"
            isPending={remove.isPending}
            isDisabled={!!refusal}
            onPress={() =>
              plan &&
              remove.mutate(plan.id, {
                onSuccess: () => {
                  toast.positive(trans('Plan deleted'));
                  close();
                  onDeleted?.();
                },
              })
            }
          >
            {trans('Delete')}
          </Button>
        </>
      }
    >
      <p className="text-sm">
        {trans(':name is removed from the pricing page and archived at the payment gateways.', {
          name: plan?.name ?? '',
        })}
      </p>
      {refusal && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {refusal}
        </p>
      )}
    </Dialog>
  );
}
