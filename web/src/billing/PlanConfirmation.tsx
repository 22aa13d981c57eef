import type { BillingSubscription } from '@kosh/contracts';
import { useFormatDate } from '../shell/i18n/date-format.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { cancelConfirmationLine, type DatedLine, renewConfirmationLine } from './billing-status.ts';

function useConfirmationText(line: DatedLine, subscription: BillingSubscription): string {
  const { trans } = useTrans();
  const formatDate = useFormatDate();
  return trans(line.message, {
    plan: trans(subscription.product.name),
    date: line.date ? formatDate(line.date) : '',
  });
}

/** "You keep :plan until :date. ..." of the cancel confirmation (dialog and page). */
export function CancelConfirmationText({ subscription }: { subscription: BillingSubscription }) {
  const text = useConfirmationText(cancelConfirmationLine(subscription), subscription);
  return <p className="text-sm text-fg-muted">{text}</p>;
}

/** "Your plan :plan will continue and renew on :date." of the renew confirmation. */
export function RenewConfirmationText({ subscription }: { subscription: BillingSubscription }) {
  const text = useConfirmationText(renewConfirmationLine(subscription), subscription);
  return <p className="text-sm text-fg-muted">{text}</p>;
}
