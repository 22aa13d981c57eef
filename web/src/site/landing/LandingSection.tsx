import clsx from 'clsx';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import type { LandingCta } from '@kosh/contracts';
import { buttonClasses } from '../../ui/button-styles.ts';

type SectionProps = {
  /** Names the section for the journeys and the order check. */
  name: string;
  /** The anchor the menus link to (features, pricing, faq). */
  id?: string;
  headingId?: string;
  /** Sections alternate backgrounds (UI.md "Landing"). */
  tone: 'plain' | 'alt';
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
};

/** One band of the landing page: full width background, content at most 1200 px, 96 px rhythm. */
export function LandingSection({ name, id, headingId, tone, className, style, children }: SectionProps) {
  return (
    <section
      id={id}
      data-landing-section={name}
      aria-labelledby={headingId}
      style={style}
      // The sticky 64 px navbar would cover the top of a section an anchor scrolls to.
      className={clsx('scroll-mt-16 py-16 sm:py-24', tone === 'alt' ? 'bg-bg-alt' : 'bg-bg', className)}
    >
      <div className="mx-auto w-full max-w-[1200px] px-4 sm:px-6">{children}</div>
    </section>
  );
}

export const sectionTitle = 'text-[28px] leading-9 font-semibold tracking-tight text-fg sm:text-4xl sm:leading-[44px]';

type HeadingProps = { id: string; title: string; eyebrow?: string; intro?: string; className?: string };

/** A centred section heading with an optional eyebrow line above and intro below. */
export function SectionHeading({ id, title, eyebrow, intro, className }: HeadingProps) {
  return (
    <div className={clsx('mx-auto max-w-[720px] text-center', className)}>
      {eyebrow && <p className="mb-3 text-sm font-semibold tracking-wide text-fg-muted uppercase">{eyebrow}</p>}
      <h2 id={id} className={sectionTitle}>
        {title}
      </h2>
      {intro && <p className="mt-4 text-base text-fg-muted sm:text-lg">{intro}</p>}
    </div>
  );
}

/** A call to action as a large button link: in-app paths route, http(s) addresses load normally. */
export function CtaLink({ cta, label, className }: { cta: LandingCta; label: string; className?: string }) {
  const classes = buttonClasses('primary', 'lg', clsx('h-12 px-8 text-base', className));
  if (/^https?:\/\//.test(cta.action)) {
    return (
      <a href={cta.action} className={classes}>
        {label}
      </a>
    );
  }
  return (
    <Link to={cta.action} className={classes}>
      {label}
    </Link>
  );
}
