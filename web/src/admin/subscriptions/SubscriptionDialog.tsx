import { type AdminSubscription, formatBytes } from '@kosh/contracts';
import { StatusBadge } from '../../billing/StatusBadge.tsx';
import { PriceTag } from '../../site/pricing/PriceTag.tsx';
import { formatAmount } from '../../site/pricing/plan-pricing.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { useFormatMoment } from '../useAdminFormat.ts';
import { GATEWAY_LABELS, keyDate } from './subscription-labels.ts';
import { useSubscriptionAction, useSubscriptionDetail } from './subscriptions.api.ts';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2">
      <dt className="text-sm text-fg-muted">{label}</dt>
      <dd className="min-w-0 text-right text-sm text-fg">{children}</dd>
    </div>
  );
}

/** One subscription: who, which plan, where it stands, its invoices, and staff's cancel, end and renew. */
export function SubscriptionDialog({
  subscription,
  onClose,
}: {
  subscription: AdminSubscription | null;
  onClose: () => void;
}) {
  const { trans, language } = useTrans();
  const formatMoment = useFormatMoment();
  const detail = useSubscriptionDetail(subscription?.id ?? null);
  const action = useSubscriptionAction();
  const s = detail.data?.subscription ?? subscription;
  const run = (kind: 'cancel' | 'end' | 'resume') =>
    s &&
    action.mutate(
      { id: s.id, action: kind },
      {
        onSuccess: () => {
          toast.positive(
            trans(
              kind === 'resume'
                ? 'The plan will renew.'
                : kind === 'end'
                  ? 'The plan has ended.'
                  : 'The plan will end.',
            ),
          );
          void detail.refetch();
        },
      },
    );
  const date = s ? keyDate(s) : null;
  const canCancel = s && (s.state === 'active' || s.state === 'trialing' || s.state === 'past_due');
  return (
    <Dialog
      isOpen={subscription !== null}
      onOpenChange={(open) => !open && onClose()}
      title={trans('Subscription')}
      size="md"
      actions={
        s && (
          <>
            {s.state === 'cancelled' && (
              <Button variant="secondary" onPress={() => run('resume')} isPending={action.isPending}>
                {trans('Renew plan')}
              </Button>
            )}
            {canCancel && (
              <Button variant="secondary" onPress={() => run('cancel')} isPending={action.isPending}>
                {trans('Cancel at period end')}
              </Button>
            )}
            {s.state !== 'ended' && (
              <Button variant="danger" onPress={() => run('end')} isPending={action.isPending}>
                {trans('End now')}
              </Button>
            )}
          </>
        )
      }
    >
      {s && (
        <div className="flex flex-col gap-4">
          <dl className="divide-y divide-divider">
            <Fact label={trans('User')}>
              <div className="truncate">{s.user.name}</div>
              <div className="truncate text-xs text-fg-muted">{s.user.email}</div>
            </Fact>
            <Fact label={trans('Plan')}>
              {trans(s.product.name)} · {formatBytes(s.product.available_space)}
            </Fact>
            {s.price && (
              <Fact label={trans('Price')}>
                <PriceTag price={s.price} size="md" />
              </Fact>
            )}
            <Fact label={trans('Status')}>
              <StatusBadge state={s.state} />
            </Fact>
            <Fact label={trans('Gateway')}>
              {trans(GATEWAY_LABELS[s.gateway])}
              {s.gateway_id && <div className="truncate text-xs text-fg-muted">{s.gateway_id}</div>}
            </Fact>
            {date && <Fact label={trans(date.label)}>{formatMoment(date.at)}</Fact>}
            <Fact label={trans('Started')}>{formatMoment(s.created_at)}</Fact>
          </dl>
          <div>
            <h3 className="text-sm font-medium text-fg">{trans('Invoices')}</h3>
            {detail.data?.invoices.length ? (
              <ul className="mt-2 divide-y divide-divider">
                {detail.data.invoices.map((invoice) => (
                  <li key={invoice.id} className="flex justify-between gap-4 py-2 text-sm" data-testid="admin-invoice">
                    <span className="text-fg-muted">{formatMoment(invoice.created_at)}</span>
                    <span className="text-fg">
                      {formatAmount(invoice.amount, invoice.currency, language)} ·{' '}
                      {trans(invoice.status === 'paid' ? 'Paid' : 'Failed')}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-fg-muted">{trans('No invoices yet.')}</p>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}
