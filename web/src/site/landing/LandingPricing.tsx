import { LargeStorageOffer } from '../enquiry/LargeStorageOffer.tsx';
import { PricingSection } from '../pricing/PricingSection.tsx';
import { LandingSection } from './LandingSection.tsx';

/** Pricing (spec part 2, 2; anchor "pricing"): cycle selector and plan cards, then the large-storage offer. */
export function LandingPricing() {
  return (
    <LandingSection name="pricing" id="pricing" tone="alt">
      {/* PricingSection and the offer bring their own widths; the section only gives the band. */}
      <div className="-mx-4 sm:-mx-6">
        <PricingSection />
      </div>
      <div className="mt-12">
        <LargeStorageOffer />
      </div>
    </LandingSection>
  );
}
