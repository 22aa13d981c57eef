import type { ReportBilling } from '@kosh/contracts/admin-report';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { FigureCard, MetricCard } from './MetricCard.tsx';
import { formatCount, formatMinorAmount } from './report-format.ts';

/**
 * The report's billing cards while billing is on: the subscriptions valid now, and the revenue of
 * the period beside the previous one, a card per currency paid in (named when there are several).
 */
export function BillingCards({ billing }: { billing: ReportBilling }) {
  const { trans, language } = useTrans();
  const isMultiCurrency = billing.revenue.length > 1;
  return (
    <>
      <FigureCard
        label={trans('Active subscriptions')}
        value={formatCount(billing.active_subscriptions, language)}
        note={trans('Valid now')}
      />
      {billing.revenue.length === 0 ? (
        <FigureCard
          label={trans('Revenue')}
          value={formatCount(0, language)}
          note={trans('Nothing paid in either period')}
        />
      ) : (
        billing.revenue.map((revenue) => (
          <MetricCard
            key={revenue.currency}
            label={isMultiCurrency ? `${trans('Revenue')} (${revenue.currency})` : trans('Revenue')}
            metric={revenue}
            format={(n) => formatMinorAmount(n, revenue.currency, language)}
          />
        ))
      )}
    </>
  );
}
