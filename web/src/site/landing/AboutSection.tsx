import { LandingSection, SectionHeading } from './LandingSection.tsx';
import { useLanding } from './useLanding.ts';

/** About (spec part 2, 2): who runs the drive and why. */
export function AboutSection() {
  const { landing, t } = useLanding();
  const { about } = landing;
  return (
    <LandingSection name="about" id="about" headingId="landing-about" tone="alt">
      <SectionHeading
        id="landing-about"
        eyebrow={about.eyebrow ? t(about.eyebrow) : undefined}
        title={t(about.title)}
        intro={about.body ? t(about.body) : undefined}
      />
    </LandingSection>
  );
}
