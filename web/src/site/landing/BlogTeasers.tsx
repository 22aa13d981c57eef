import clsx from 'clsx';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { focusRing } from '../../ui/button-styles.ts';
import { LandingSection, SectionHeading } from './LandingSection.tsx';
import { useLanding } from './useLanding.ts';

const card = 'flex h-full flex-col overflow-hidden rounded-kosh-lg border border-divider bg-bg shadow-sm';

/** Three static blog teasers (spec part 2, 1): image, title, excerpt and a Read more link. */
export function BlogTeasers() {
  const { landing, t } = useLanding();
  return (
    <LandingSection name="blog" headingId="landing-blog" tone="alt">
      <SectionHeading id="landing-blog" title={t('From our blog')} />
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {landing.blog.map((post) => (
          <li key={post.title}>
            <article className={card}>
              {post.image && (
                <img src={post.image} alt="" width={480} height={270} loading="lazy" className="aspect-video w-full" />
              )}
              <div className="flex flex-1 flex-col p-6">
                <h3 className="text-lg leading-7 font-semibold text-fg">{t(post.title)}</h3>
                {post.excerpt && <p className="mt-2 flex-1 text-sm leading-6 text-fg-muted">{t(post.excerpt)}</p>}
                <Link
                  to={post.url}
                  aria-label={`${t('Read more')}: ${t(post.title)}`}
                  className={clsx(
                    'mt-5 inline-flex items-center gap-1 self-start rounded-kosh text-sm font-medium text-primary',
                    'hover:underline',
                    focusRing,
                  )}
                >
                  {t('Read more')}
                  <ArrowRight size={16} aria-hidden />
                </Link>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
