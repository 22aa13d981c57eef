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
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {landing.features.map((feature) => {
          const Icon = ICONS[feature.icon] ?? HardDrive;
          return (
            <li key={feature.title} className="rounded-kosh-lg border border-divider bg-bg p-6 shadow-sm">
              <span className="flex size-12 items-center justify-center rounded-full bg-bg-chip text-primary">
                <Icon size={24} aria-hidden />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-fg">{t(feature.title)}</h3>
              <p className="mt-2 text-sm leading-6 text-fg-muted">{t(feature.description)}</p>
            </li>
          );
        })}
      </ul>
    </LandingSection>
  );
}
