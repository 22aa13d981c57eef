import clsx from 'clsx';
import { LandingSection } from './LandingSection.tsx';
import { useLanding } from './useLanding.ts';

const banner = clsx(
  'flex flex-col items-center gap-6 rounded-kosh-lg bg-primary px-6 py-10 text-center text-on-primary',
  // The dark theme's light primary would wash out the illustration's white shapes.
  'dark:bg-bg-chip dark:text-fg sm:flex-row sm:gap-10 sm:px-12 sm:text-left',
);

/** The banner saying data is kept safe in India (spec part 2, 2), on the primary colour. */
export function IndiaBanner() {
  const { landing, t } = useLanding();
  const { india_banner: content } = landing;
  return (
    <LandingSection name="india" headingId="landing-india" tone="plain" className="!pt-0">
      <div className={banner}>
        {content.image && (
          <img src={content.image} alt="" width={240} height={200} className="h-auto w-40 shrink-0 sm:w-52" />
        )}
        <div>
          <h2
            id="landing-india"
            className="text-[28px] leading-9 font-semibold tracking-tight sm:text-4xl sm:leading-[44px]"
          >
            {t(content.title)}
          </h2>
          {content.body && <p className="mt-3 max-w-[640px] text-base sm:text-lg">{t(content.body)}</p>}
        </div>
      </div>
    </LandingSection>
  );
}
