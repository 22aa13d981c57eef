import type { ReactNode } from 'react';
import { useTrans } from '../../shell/i18n/useTrans.tsx';

type Props = {
  /** 1 on the pricing page, where this heading is the page's; 2 inside the landing page. */
  headingLevel?: 1 | 2;
  /** Shown under the heading (the pricing page's savings claim). */
  intro?: ReactNode;
  /** The cycle selector and cards: `PricingPlans`, or the landing page's deferred copy of it. */
  children: ReactNode;
};

/** The pricing band's heading and its plans (spec part 2, 2 "Pricing"); the landing page embeds it. */
export function PricingSection({ headingLevel = 2, intro, children }: Props) {
  const { trans } = useTrans();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="mx-auto w-full max-w-[1200px] px-4 sm:px-6">
      <div className="mx-auto max-w-[720px] text-center">
        <Heading className="text-[28px] font-semibold leading-9 text-fg sm:text-4xl sm:leading-[44px]">
          {trans('Simple plans for every need')}
        </Heading>
        {intro}
      </div>
      {children}
    </div>
  );
}
