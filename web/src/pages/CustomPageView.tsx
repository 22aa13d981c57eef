import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import type { CustomPage } from '@kosh/contracts';
import { PublicLayout } from '../shell/layout/PublicLayout.tsx';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';

/** A custom content page; the server sanitises the body and it is sanitised again here. */
export function CustomPageView({ page }: { page: CustomPage }) {
  const html = useMemo(() => DOMPurify.sanitize(page.body, { USE_PROFILES: { html: true } }), [page.body]);
  useDocumentTitle(page.seo?.title || page.title);
  return (
    <PublicLayout>
      <article className="mx-auto w-full max-w-[800px] px-5 py-10 sm:px-6 sm:py-16" data-testid="custom-page">
        <h1 className="mb-8 text-[28px] leading-9 font-medium text-fg sm:text-4xl sm:leading-[44px]">{page.title}</h1>
        <div className="prose-kosh text-fg" dangerouslySetInnerHTML={{ __html: html }} />
      </article>
    </PublicLayout>
  );
}
