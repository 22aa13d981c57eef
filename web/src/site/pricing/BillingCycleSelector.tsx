import clsx from 'clsx';
import { useId } from 'react';
import { ToggleButton, ToggleButtonGroup, type Key } from 'react-aria-components';
import { focusRing } from '../../ui/button-styles.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import type { BillingCycle } from './plan-pricing.ts';

type Props = {
  cycle: BillingCycle;
  onChange: (cycle: BillingCycle) => void;
  /** The best yearly discount in whole percent; undefined hides the hint. */
  discount?: number;
};

const option = clsx(
  'h-9 cursor-pointer rounded-full px-5 text-sm font-medium text-fg-muted transition-colors duration-125',
  'hover:text-fg data-[selected]:bg-primary data-[selected]:text-on-primary data-[selected]:shadow-sm',
  focusRing,
);

/** The 1 month / 12 months toggle (spec part 2, 2 and 4) with the "Up to N% OFF" hint. */
export function BillingCycleSelector({ cycle, onChange, discount }: Props) {
  const { trans } = useTrans();
  const hintId = useId();
  const hasHint = discount !== undefined;
  const handleChange = (keys: Set<Key>) => {
    const [key] = keys;
    if (key === 'month' || key === 'year') onChange(key);
  };
  return (
    <div className="flex flex-wrap items-center justify-center gap-3">
      <ToggleButtonGroup
        aria-label={trans('Billing cycle')}
        aria-describedby={hasHint ? hintId : undefined}
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[cycle]}
        onSelectionChange={handleChange}
        className="inline-flex rounded-full border border-divider bg-bg-alt p-1"
      >
        <ToggleButton id="month" className={option}>
          {trans('1 month')}
        </ToggleButton>
        <ToggleButton id="year" className={option}>
          {trans('12 months')}
        </ToggleButton>
      </ToggleButtonGroup>
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
