import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { EnquiryForm } from './EnquiryForm.tsx';
import { EnquiryPageLayout } from './EnquiryPageLayout.tsx';

/** The reseller page (spec part 2, 2 "Other public routes"): the enquiry form posting to reseller. */
export function ResellerPage() {
  const { trans } = useTrans();
  return (
    <EnquiryPageLayout
      heading={trans('Become a reseller partner')}
      intro={trans('Tell us about your business and how you would like to resell storage.')}
    >
      <EnquiryForm kind="reseller" rows={8} />
    </EnquiryPageLayout>
  );
}

export { ResellerPage as Component };
