import clsx from 'clsx';
import { MessageCircle, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { focusRing } from '../../ui/button-styles.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { PublicLayout } from '../../shell/layout/PublicLayout.tsx';
import { useAuth } from '../../shell/useAuth.ts';
import { useDocumentTitle } from '../../shell/useDocumentTitle.ts';
import { CommunitySection } from '../landing/CommunitySection.tsx';
import { PricingPlans } from './PricingPlans.tsx';
import { PricingSection } from './PricingSection.tsx';

const trustLine = 'mx-auto mt-12 flex max-w-[720px] items-center justify-center gap-2 px-4 text-center text-sm text-fg';

/**
 * The public pricing page (spec part 2, 2 "Pricing"): the plans with the billing-cycle selector and
 * the savings claim, a trust message, a community call to action and a contact prompt.
 */
export function PricingPage() {
  const { trans } = useTrans();
  const { isLoggedIn } = useAuth();
  useDocumentTitle(trans('Pricing'));
  return (
    <PublicLayout>
      <section className="bg-bg-alt py-16 sm:py-24">
        <PricingSection
          headingLevel={1}
          intro={
            <p className="mt-4 text-base text-fg-muted sm:text-lg">
              {trans('Save up to 92% compared with other cloud drives.')}
            </p>
          }
        >
          <PricingPlans cardHeadingLevel={2} />
        </PricingSection>
        <p className={trustLine}>
          <ShieldCheck size={20} className="shrink-0 text-positive" aria-hidden />
          {trans('Your files are encrypted and stored in India.')}
        </p>
      </section>
      {/* The landing page's call to action (its texts are the landing setting's); it asks visitors to sign up. */}
      {!isLoggedIn && <CommunitySection />}
      <section className="border-t border-divider bg-bg py-10">
        <p className="flex items-center justify-center gap-2 px-4 text-center text-sm">
          <MessageCircle size={20} className="shrink-0 text-fg-muted" aria-hidden />
          <Link to="/contact" className={clsx('rounded-kosh font-medium text-primary hover:underline', focusRing)}>
            {trans('Have a question about plans? Contact us.')}
          </Link>
        </p>
      </section>
    </PublicLayout>
  );
}

export { PricingPage as Component };
