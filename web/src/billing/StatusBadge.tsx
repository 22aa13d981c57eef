import clsx from 'clsx';
import type { SubscriptionState } from '@kosh/contracts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { subscriptionStateLabel, subscriptionStateTone } from './billing-status.ts';

const badge = 'inline-flex h-6 shrink-0 items-center rounded-full px-2.5 text-xs font-medium';
const tones = {
  positive: 'border border-positive text-positive',
  primary: 'bg-bg-chip text-primary',
  danger: 'border border-danger text-danger',
  muted: 'border border-divider text-fg-muted',
};

/** Where the plan stands: Active, Trial, Payment failed, Cancelled, Ended. */
export function StatusBadge({ state }: { state: SubscriptionState }) {
  const { trans } = useTrans();
  return (
    <span className={clsx(badge, tones[subscriptionStateTone(state)])} data-testid="subscription-status">
      {trans(subscriptionStateLabel(state))}
    </span>
  );
}
