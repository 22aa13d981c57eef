import { lazy } from 'react';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { NearViewport } from '../../ui/NearViewport.tsx';
import { LargeStorageOffer } from '../enquiry/LargeStorageOffer.tsx';
import { PlanCardsSkeleton } from '../pricing/PlanCardSkeleton.tsx';
import { PricingSection } from '../pricing/PricingSection.tsx';
import { LandingSection } from './LandingSection.tsx';

// The cards, their call for the plans and the query code behind it load as the reader nears the
// band (or jumps to #pricing): the landing page's first paint is the hero, far above them.
const PricingPlans = lazy(() => import('../pricing/PricingPlans.tsx').then((m) => ({ default: m.PricingPlans })));

function DeferredPlans() {
  const { trans } = useTrans();
  // Where PricingPlans puts the cycle selector (46 px) and the cards.
  const skeleton = (
    <>
      <div className="mt-8 h-[46px]" />
      <div className="mt-12">
        <PlanCardsSkeleton label={trans('Loading...')} />
      </div>
    </>
  );
  return (
    <NearViewport placeholder={skeleton}>
      <PricingPlans cardHeadingLevel={3} />
    </NearViewport>
  );
}

/** Pricing (spec part 2, 2; anchor "pricing"): cycle selector and plan cards, then the large-storage offer. */
export function LandingPricing() {
  return (
    <LandingSection name="pricing" id="pricing" tone="alt">
      {/* PricingSection and the offer bring their own widths; the section only gives the band. */}
      <div className="-mx-4 sm:-mx-6">
        <PricingSection>
          <DeferredPlans />
        </PricingSection>
      </div>
      <div className="mt-12">
        <LargeStorageOffer />
      </div>
    </LandingSection>
  );
}
