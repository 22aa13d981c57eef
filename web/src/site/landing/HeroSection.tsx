import { Sparkles } from 'lucide-react';
import { useActiveTheme } from '../../shell/theme/theme-store.ts';
import { useAuth } from '../../shell/useAuth.ts';
import { CtaLink, LandingSection } from './LandingSection.tsx';
import { useLanding } from './useLanding.ts';

const badge = 'mb-5 inline-flex items-center gap-2 rounded-full bg-bg-chip px-3 py-1 text-sm font-medium text-fg';

/** The hero (spec part 2, 2): headline, one line of sub-copy, register (or drive) call to action. */
export function HeroSection() {
  const { landing, t } = useLanding();
  const { isLoggedIn } = useAuth();
  const isDark = !!useActiveTheme()?.is_dark;
  const { hero } = landing;
  const image = (isDark && hero.image_dark) || hero.image_light;
  const cta = isLoggedIn ? hero.signed_in_cta : hero.cta;
  const from = hero.overlay?.from || hero.overlay?.to;
  const to = hero.overlay?.to || from;
  // Staff's overlay colours (appearance editor), through CSSOM so the page's style policy allows them.
  // Light themes only: the pale colours a light page wants would put dark themes' light text on light.
  const style = from && !isDark ? { backgroundImage: `linear-gradient(135deg, ${from}, ${to})` } : undefined;
  return (
    <LandingSection name="hero" headingId="landing-hero" tone="plain" className="sm:pt-20" style={style}>
      <div className="grid items-center gap-10 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] md:gap-12">
        <div className="flex flex-col items-center text-center md:items-start md:text-left">
          {hero.badge && (
            <p className={badge}>
              <Sparkles size={16} className="text-primary" aria-hidden />
              {t(hero.badge)}
            </p>
          )}
          <h1
            id="landing-hero"
            className="text-[32px] leading-10 font-semibold tracking-tight text-fg sm:text-[44px] sm:leading-[52px]"
          >
            {t(hero.title)}
          </h1>
          {hero.subtitle && <p className="mt-5 max-w-[560px] text-base text-fg-muted sm:text-lg">{t(hero.subtitle)}</p>}
          <CtaLink cta={cta} label={t(cta.label)} className="mt-8" />
        </div>
        {image && (
          <img
            src={image}
            alt=""
            width={560}
            height={440}
            className="mx-auto h-auto w-full max-w-[560px]"
            fetchPriority="high"
          />
        )}
      </div>
    </LandingSection>
  );
}
