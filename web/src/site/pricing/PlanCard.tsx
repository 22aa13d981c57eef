import clsx from 'clsx';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatBytes, type Product } from '@kosh/contracts';
import { buttonClasses } from '../../ui/button-styles.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { applyPlanSelection, planCardAction, type Visitor } from './plan-link.ts';
import { priceForCycle, type BillingCycle } from './plan-pricing.ts';
import { PriceTag } from './PriceTag.tsx';

type Props = {
  product: Product;
  cycle: BillingCycle;
  visitor: Visitor;
  /** One below the heading of the section the cards sit in. */
  headingLevel?: 2 | 3;
};

/**
 * One plan (spec part 2, 2 "Pricing"): the recommended one raised with a 'Most popular' badge, then
 * name, storage, price per interval, the button, description and the "What's included" list.
 */
export function PlanCard({ product, cycle, visitor, headingLevel = 3 }: Props) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { trans } = useTrans();
  const headingId = useId();
  const price = priceForCycle(product.prices, cycle);
  const action = planCardAction(product, price?.id, visitor);
  const isRecommended = product.recommended;
  return (
    <article
      aria-labelledby={headingId}
      className={clsx(
        'relative flex flex-1 flex-col rounded-kosh-lg bg-bg p-6',
        // Raised: taller than its row at both ends, its content level with the other cards'.
        isRecommended ? 'shadow-lg ring-2 ring-primary sm:-my-3 sm:py-9' : 'shadow-sm ring-1 ring-divider',
      )}
    >
      {isRecommended && (
        <span
          className={clsx(
            'absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-primary px-3 py-1',
            'text-xs font-medium text-on-primary',
          )}
        >
          {trans('Most popular')}
        </span>
      )}
      <Heading id={headingId} className="text-xl font-semibold text-fg">
        {trans(product.name)}
      </Heading>
      <p className="mt-1 text-sm text-fg-muted">
        {trans(':size storage', { size: formatBytes(product.available_space) })}
      </p>
      <p className="mt-5 min-h-9" data-testid="plan-price">
        {product.free ? (
          <span className="text-[28px] font-semibold leading-9 text-fg">{trans('Free')}</span>
        ) : (
          price && <PriceTag price={price} />
        )}
      </p>
      {action && (
        <Link
          to={action.to}
          onClick={() => applyPlanSelection(window.sessionStorage, action.selection)}
          className={buttonClasses(isRecommended ? 'primary' : 'secondary', 'lg', 'mt-5 w-full')}
        >
          {trans(action.label)}
        </Link>
      )}
      {product.description && <p className="mt-5 text-sm text-fg-muted">{trans(product.description)}</p>}
      {product.feature_list.length > 0 && (
        <div className="mt-5 border-t border-divider pt-5">
          <p className="text-sm font-medium text-fg">{trans("What's included")}</p>
          <ul className="mt-3 flex flex-col gap-2">
            {product.feature_list.map((feature) => (
              <li key={feature} className="flex items-start gap-2 text-sm text-fg">
                <Check size={16} className="mt-0.5 shrink-0 text-positive" aria-hidden />
                <span>{trans(feature)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </article>
  );
}
