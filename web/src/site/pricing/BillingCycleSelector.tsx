import clsx from 'clsx';
import { useId } from 'react';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import type { BillingCycle } from './plan-pricing.ts';

type Props = {
  cycle: BillingCycle;
  onChange: (cycle: BillingCycle) => void;
  /** The best yearly discount in whole percent; undefined hides the hint. */
  discount?: number;
};

// Native radios laid invisibly over the pill labels: arrow keys, one tab stop and the radio role come
// from the browser, so the public pages' first load needs no react-aria for the toggle.
const option = clsx(
  'relative inline-flex h-9 cursor-pointer items-center rounded-full px-5 text-sm font-medium text-fg-muted',
  'transition-colors duration-125 hover:text-fg',
  'has-[:checked]:bg-primary has-[:checked]:text-on-primary has-[:checked]:shadow-sm',
  'has-[:focus-visible]:outline-solid has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2',
  'has-[:focus-visible]:outline-primary',
);

/** The 1 month / 12 months toggle (spec part 2, 2 and 4) with the "Up to N% OFF" hint. */
export function BillingCycleSelector({ cycle, onChange, discount }: Props) {
  const { trans } = useTrans();
  const hintId = useId();
  const groupName = useId();
  const cycles: [BillingCycle, string][] = [
    ['month', trans('1 month')],
    ['year', trans('12 months')],
  ];
  const hasHint = discount !== undefined;
  return (
    <div className="flex flex-wrap items-center justify-center gap-3">
      <div
        role="radiogroup"
        aria-label={trans('Billing cycle')}
        aria-describedby={hasHint ? hintId : undefined}
        className="inline-flex rounded-full border border-divider bg-bg-alt p-1"
      >
        {cycles.map(([id, label]) => (
          <label key={id} className={option}>
            <input
              type="radio"
              name={groupName}
              value={id}
              checked={cycle === id}
              onChange={() => onChange(id)}
              className="absolute inset-0 m-0 cursor-pointer appearance-none rounded-full opacity-0"
            />
            {label}
          </label>
        ))}
      </div>
      {hasHint && (
        <span
          id={hintId}
          className="rounded-full border border-positive/40 bg-bg px-3 py-1 text-xs font-medium text-positive"
          data-testid="discount-hint"
        >
          {trans('Up to :percentage% OFF', { percentage: discount })}
        </span>
      )}
    </div>
  );
}
