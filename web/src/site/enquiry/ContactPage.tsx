import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { EnquiryForm } from './EnquiryForm.tsx';
import { EnquiryPageLayout } from './EnquiryPageLayout.tsx';

/** The contact page (spec part 2, 2 "Other public routes"): the enquiry form, 8-row message. */
export function ContactPage() {
  const { trans } = useTrans();
  return (
    <EnquiryPageLayout
      heading={trans('Contact Us')}
      intro={trans('Have a question or need help? Send us a message and we will get back to you.')}
    >
      <EnquiryForm kind="contact" rows={8} />
    </EnquiryPageLayout>
  );
}

export { ContactPage as Component };
