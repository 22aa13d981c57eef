import { lazy } from 'react';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { NearViewport } from '../../ui/NearViewport.tsx';

// The field and its button load as the reader nears the box: the landing page's first paint needs neither.
const NewsletterForm = lazy(() => import('./NewsletterForm.tsx').then((m) => ({ default: m.NewsletterForm })));

/** The landing page's newsletter box (spec part 2, 3 and 4): a heading and one email field. */
export function NewsletterBox() {
  const { trans } = useTrans();
  return (
    <div data-testid="newsletter-box" className="mx-auto flex w-full max-w-[640px] flex-col items-center text-center">
      <h2 className="text-[28px] leading-9 font-semibold text-fg sm:text-4xl sm:leading-[44px]">
        {trans('Subscribe to our newsletter')}
      </h2>
      <p className="mt-3 text-base text-fg-muted">{trans('Get product news and storage tips in your inbox.')}</p>
      <NearViewport className="mt-8 min-h-[104px] w-full sm:min-h-[48px]">
        <NewsletterForm />
      </NearViewport>
    </div>
  );
}
