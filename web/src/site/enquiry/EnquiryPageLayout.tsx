import type { ReactNode } from 'react';
import { PublicLayout } from '../../shell/layout/PublicLayout.tsx';
import { useDocumentTitle } from '../../shell/useDocumentTitle.ts';

/** A public page with a heading, one intro line and a form card (/contact, /reseller). */
export function EnquiryPageLayout({
  heading,
  intro,
  children,
}: {
  heading: string;
  intro: string;
  children: ReactNode;
}) {
  useDocumentTitle(heading);
  return (
    <PublicLayout>
      <div className="flex-1 bg-bg-alt px-4 py-10 sm:px-6 sm:py-16">
        <div className="mx-auto w-full max-w-[600px]">
          <h1 className="text-[28px] leading-9 font-medium text-fg sm:text-4xl sm:leading-[44px]">{heading}</h1>
          <p className="mt-2 mb-8 text-base text-fg-muted">{intro}</p>
          <div className="rounded-kosh-lg border border-divider bg-bg p-5 shadow-sm sm:p-8">{children}</div>
        </div>
      </div>
    </PublicLayout>
  );
}
