import type { Price } from '@kosh/contracts';
import { splitAtPlaceholder } from '../../shell/i18n/translate.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { formatAmount, intervalLine } from './plan-pricing.ts';

/** A price per interval, the amount large and the interval muted (":price / month"). */
export function PriceTag({ price, size = 'lg' }: { price: Price; size?: 'lg' | 'md' }) {
  const { trans, language } = useTrans();
  const { message, count } = intervalLine(price);
  const [before, after] = splitAtPlaceholder(trans(message, { count }), 'price');
  const amount = formatAmount(price.amount, price.currency, language);
  return (
    <span className="text-sm text-fg-muted">
      {before}
      <span className={size === 'lg' ? 'text-[28px] font-semibold leading-9 text-fg' : 'font-medium text-fg'}>
        {amount}
      </span>
      {after}
    </span>
  );
}
