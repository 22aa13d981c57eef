import clsx from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { focusRing } from '../../ui/button-styles.ts';
import { LandingSection, SectionHeading } from './LandingSection.tsx';
import { useLanding } from './useLanding.ts';

/**
 * FAQ accordion (spec part 2, 2): the first item open at start, several may be open at once.
 * Plain buttons with aria-expanded (the WAI-ARIA accordion pattern): the landing page's first load
 * stays free of react-aria.
 */
export function FaqSection() {
  const { landing, t } = useLanding();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set([0]));
  const baseId = useId();
  const toggle = (index: number) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(index)) next.add(index);
      return next;
    });
  return (
    <LandingSection name="faq" id="faq" headingId="landing-faq" tone="plain">
      <SectionHeading id="landing-faq" title={t('Frequently asked questions')} />
      <div className="mx-auto mt-12 max-w-[800px] divide-y divide-divider rounded-kosh-lg border border-divider bg-bg">
        {landing.faq.map((item, index) => {
          const isOpen = expanded.has(index);
          const panelId = `${baseId}-${index}`;
          return (
            <div key={item.question} data-testid="faq-item" data-expanded={isOpen || undefined} className="group">
              <h3 className="m-0">
                <button
                  type="button"
                  aria-expanded={isOpen}
                  aria-controls={panelId}
                  onClick={() => toggle(index)}
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
                    className={clsx(
                      'shrink-0 text-fg-muted transition-transform duration-125',
                      'group-data-[expanded]:rotate-180',
                    )}
                  />
                </button>
              </h3>
              <div id={panelId} hidden={!isOpen}>
                <p className="px-5 pb-5 text-sm leading-6 text-fg-muted sm:px-6 sm:text-base">{t(item.answer)}</p>
              </div>
            </div>
          );
        })}
      </div>
    </LandingSection>
  );
}
