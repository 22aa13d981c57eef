import type { CustomPage } from '@kosh/contracts';
import { PublicLayout } from '../shell/layout/PublicLayout.tsx';
import { useDocumentTitle } from '../shell/useDocumentTitle.ts';
import { SafeHtml } from '../ui/SafeHtml.tsx';

/** A custom content page; the server sanitises the body and it is sanitised again here. */
export function CustomPageView({ page }: { page: CustomPage }) {
  useDocumentTitle(page.seo?.title || page.title);
  return (
    <PublicLayout>
      <article className="mx-auto w-full max-w-[800px] px-5 py-10 sm:px-6 sm:py-16" data-testid="custom-page">
        <h1 className="mb-8 text-[28px] leading-9 font-medium text-fg sm:text-4xl sm:leading-[44px]">{page.title}</h1>
        <SafeHtml profile="page" html={page.body} className="prose-kosh text-fg" />
      </article>
    </PublicLayout>
  );
}
