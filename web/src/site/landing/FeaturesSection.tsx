import {
  Gauge,
  HardDrive,
  Infinity as InfinityIcon,
  Lock,
  MonitorSmartphone,
  Share2,
  type LucideIcon,
} from 'lucide-react';
import type { LandingFeatureIcon } from '@kosh/contracts';
import { LandingSection, SectionHeading } from './LandingSection.tsx';
import { useLanding } from './useLanding.ts';

const ICONS: Record<LandingFeatureIcon, LucideIcon> = {
  storage: HardDrive,
  upload: InfinityIcon,
  bandwidth: Gauge,
  encryption: Lock,
  sharing: Share2,
  devices: MonitorSmartphone,
};

/** Features (spec part 2, 2; anchor "features"): one card per feature of the setting. */
export function FeaturesSection() {
  const { landing, t } = useLanding();
  return (
    <LandingSection name="features" id="features" headingId="landing-features" tone="plain">
      <SectionHeading id="landing-features" title={t('Features')} />
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3">
        {landing.features.map((feature) => {
          const Icon = ICONS[feature.icon] ?? HardDrive;
          return (
            // Icon beside the text on phones, above it from two columns on.
            <li
              key={feature.title}
              className="flex gap-4 rounded-kosh-lg border border-divider bg-bg p-5 shadow-sm sm:block sm:p-6"
            >
              <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-bg-chip text-primary">
                <Icon size={24} aria-hidden />
              </span>
              <div>
                <h3 className="text-lg font-semibold text-fg sm:mt-5">{t(feature.title)}</h3>
                <p className="mt-1 text-sm leading-6 text-fg-muted sm:mt-2">{t(feature.description)}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </LandingSection>
  );
}
