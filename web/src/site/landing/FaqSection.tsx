import clsx from 'clsx';
import { ChevronDown } from 'lucide-react';
import { Button, Disclosure, DisclosureGroup, DisclosurePanel, Heading } from 'react-aria-components';
import { focusRing } from '../../ui/button-styles.ts';
import { LandingSection, SectionHeading } from './LandingSection.tsx';
import { useLanding } from './useLanding.ts';

/** FAQ accordion (spec part 2, 2): the first item open at start, several may be open at once. */
export function FaqSection() {
  const { landing, t } = useLanding();
  return (
    <LandingSection name="faq" id="faq" headingId="landing-faq" tone="plain">
      <SectionHeading id="landing-faq" title={t('Frequently asked questions')} />
      <DisclosureGroup
        allowsMultipleExpanded
        defaultExpandedKeys={['0']}
        className="mx-auto mt-12 max-w-[800px] divide-y divide-divider rounded-kosh-lg border border-divider bg-bg"
      >
        {landing.faq.map((item, index) => (
          <Disclosure key={item.question} id={String(index)} data-testid="faq-item" className="group">
            <Heading level={3} className="m-0">
              <Button
                slot="trigger"
                className={clsx(
                  'flex w-full cursor-pointer items-center justify-between gap-4 rounded-kosh px-5 py-4 text-left',
                  'text-base font-medium text-fg hover:bg-bg-alt sm:px-6',
                  focusRing,
                )}
              >
                {t(item.question)}
                <ChevronDown
                  size={20}
                  aria-hidden
                  className="shrink-0 text-fg-muted transition-transform duration-125 group-data-[expanded]:rotate-180"
                />
              </Button>
            </Heading>
            <DisclosurePanel>
              <p className="px-5 pb-5 text-sm leading-6 text-fg-muted sm:px-6 sm:text-base">{t(item.answer)}</p>
            </DisclosurePanel>
          </Disclosure>
        ))}
      </DisclosureGroup>
    </LandingSection>
  );
}
