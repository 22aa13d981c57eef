import { Users } from 'lucide-react';
import { useAuth } from '../../shell/useAuth.ts';
import { CtaLink, LandingSection, sectionTitle } from './LandingSection.tsx';
import { useLanding } from './useLanding.ts';

const card =
  'mx-auto flex max-w-[880px] flex-col items-center rounded-kosh-lg bg-bg-chip px-6 py-12 text-center sm:px-12';

/** The community call to action (spec part 2, 2); a signed-in user is offered the drive instead. */
export function CommunitySection() {
  const { landing, t } = useLanding();
  const { isLoggedIn } = useAuth();
  const { community } = landing;
  const cta = isLoggedIn ? landing.hero.signed_in_cta : community.cta;
  return (
    <LandingSection name="community" headingId="landing-community" tone="plain">
      <div className={card}>
        {community.image ? (
          <img src={community.image} alt="" className="h-auto max-h-40 w-auto max-w-full" loading="lazy" />
        ) : (
          <span className="flex size-14 items-center justify-center rounded-full bg-bg text-primary">
            <Users size={28} aria-hidden />
          </span>
        )}
        <h2 id="landing-community" className={`mt-6 ${sectionTitle}`}>
          {t(community.title)}
        </h2>
        {community.body && <p className="mt-4 max-w-[600px] text-base text-fg sm:text-lg">{t(community.body)}</p>}
        <CtaLink cta={cta} label={t(cta.label)} className="mt-8" />
      </div>
    </LandingSection>
  );
}
