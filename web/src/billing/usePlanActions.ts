import { useCancelSubscription, useResumeSubscription } from '../api/subscriptions.api.ts';
import { useFormatDate } from '../shell/i18n/date-format.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { toast } from '../ui/toast/toast-store.ts';

/** Cancel and renew with their success toasts; a refusal shows the server's message (general handler). */
export function usePlanActions() {
  const { trans } = useTrans();
  const formatDate = useFormatDate();
  const cancelMutation = useCancelSubscription();
  const resumeMutation = useResumeSubscription();

  const cancel = (onDone?: () => void) =>
    cancelMutation.mutate(undefined, {
      onSuccess: ({ subscription }) => {
        toast.positive(
          subscription.ends_at
            ? trans('Your plan will end on :date.', { date: formatDate(subscription.ends_at) })
            : trans('Your plan has been cancelled.'),
        );
        onDone?.();
      },
    });

  const resume = (onDone?: () => void) =>
    resumeMutation.mutate(undefined, {
      onSuccess: () => {
        toast.positive(trans('Your plan will renew.'));
        onDone?.();
      },
    });

  return { cancel, resume, isCancelling: cancelMutation.isPending, isResuming: resumeMutation.isPending };
}
