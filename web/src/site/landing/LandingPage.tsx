import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { AdSlotFrame } from '../../ads/AdSlotFrame.tsx';
import { PublicLayout } from '../../shell/layout/PublicLayout.tsx';
import { useDocumentTitle } from '../../shell/useDocumentTitle.ts';
import { NewsletterBox } from '../enquiry/NewsletterBox.tsx';
import { ResellerSection } from '../enquiry/ResellerSection.tsx';
import { AboutSection } from './AboutSection.tsx';
import { BlogTeasers } from './BlogTeasers.tsx';
import { CommunitySection } from './CommunitySection.tsx';
import { FaqSection } from './FaqSection.tsx';
import { FeaturesSection } from './FeaturesSection.tsx';
import { HeroSection } from './HeroSection.tsx';
import { IndiaBanner } from './IndiaBanner.tsx';
import { LandingPricing } from './LandingPricing.tsx';
import { LandingSection } from './LandingSection.tsx';

/**
 * The menus link to /#features and /#pricing; the page mounts after the router's own scroll,
 * so it brings the anchored section into view itself.
 */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
}

/**
 * The landing page (spec part 2, 1 and 2), its sections in the spec's order: hero, about,
 * features, the India banner, pricing, FAQ, reseller form, newsletter, blog teasers, community
 * call to action, then the footer with company, policy and help links.
 */
export function LandingPage() {
  useDocumentTitle(undefined);
  useScrollToHash();
  return (
    <PublicLayout footer="columns">
      <AdSlotFrame slot="landing_top" className="px-4 pt-4" />
      <HeroSection />
      <AboutSection />
      <FeaturesSection />
      <IndiaBanner />
      <LandingPricing />
      <FaqSection />
      <LandingSection name="reseller" id="reseller" headingId="reseller-heading" tone="alt">
        <ResellerSection />
      </LandingSection>
      <LandingSection name="newsletter" id="newsletter" tone="plain">
        <NewsletterBox />
      </LandingSection>
      <BlogTeasers />
      <CommunitySection />
    </PublicLayout>
  );
}
