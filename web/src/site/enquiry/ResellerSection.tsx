import { lazy } from 'react';
import { useSettings } from '../../shell/bootstrap-store.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { NearViewport } from '../../ui/NearViewport.tsx';

// The form and its validation load as the reader scrolls towards it: the landing page's first paint needs neither.
const EnquiryForm = lazy(() => import('./EnquiryForm.tsx').then((m) => ({ default: m.EnquiryForm })));

/**
 * The landing page's reseller partner form (spec part 2, 2): 4-row message, the human check
 * runs before anything else (part 2, 5). The landing page gives it its section and background.
 */
export function ResellerSection() {
  const { trans } = useTrans();
  const { branding } = useSettings();
  return (
    <div
      data-testid="reseller-section"
      className="mx-auto grid w-full max-w-[1200px] gap-8 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] md:gap-16"
    >
      <div>
        <h2 id="reseller-heading" className="text-[28px] leading-9 font-semibold text-fg sm:text-4xl sm:leading-[44px]">
          {trans('Become a reseller partner')}
        </h2>
        <p className="mt-4 text-base text-fg-muted">
          {trans('Resell :siteName storage to your customers. Tell us about your business and we will get in touch.', {
            siteName: branding.site_name,
          })}
        </p>
      </div>
      <NearViewport className="min-h-[560px] rounded-kosh-lg border border-divider bg-bg p-5 shadow-sm sm:p-8">
        <EnquiryForm kind="reseller" rows={4} checkHumanFirst />
      </NearViewport>
    </div>
  );
}
