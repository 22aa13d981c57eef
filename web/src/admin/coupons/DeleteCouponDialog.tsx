import type { AdminCoupon } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { useDeleteCoupon } from './coupons.api.ts';

type Props = { coupon: AdminCoupon | null; onClose: () => void };

/** Confirms deleting a coupon: its code stops working at Stripe; those who redeemed it keep their discount. */
export function DeleteCouponDialog({ coupon, onClose }: Props) {
  const { trans } = useTrans();
  const remove = useDeleteCoupon();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Dialog
      isOpen={!!coupon}
      onOpenChange={(open) => !open && close()}
      role="alertdialog"
      size="sm"
      title={trans('Delete coupon?')}
      actions={
        <>
          <Button variant="text" onPress={close}>
            {trans('Cancel')}
          </Button>
          <Button
            variant="danger"
            isPending={remove.isPending}
            onPress={() =>
              coupon &&
              remove.mutate(coupon.id, {
                onSuccess: () => {
                  toast.positive(trans('Deleted :code', { code: coupon.code }));
                  close();
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
        {trans(
          'The code :code stops working at checkout. Customers who already used it keep their discount. ' +
            'This cannot be undone.',
          { code: coupon?.code ?? '' },
        )}
      </p>
    </Dialog>
  );
}
