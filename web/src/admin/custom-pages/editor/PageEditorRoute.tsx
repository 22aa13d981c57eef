import { ArrowLeft, SearchX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../api/api-error.ts';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { Button } from '../../../ui/Button.tsx';
import { buttonClasses } from '../../../ui/button-styles.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useAdminCustomPage } from '../custom-pages.api.ts';
import { PageEditor } from './PageEditor.tsx';

/**
 * /admin/custom-pages/new and /admin/custom-pages/:pageId/edit (custom_pages.update): the editor,
 * outside the admin frame so the page has the whole screen. Its own chunk: only it loads TipTap.
 */
export function PageEditorRoute() {
  const { trans } = useTrans();
  const param = useParams().pageId;
  const id = param === undefined ? null : Number(param);
  const isValidId = id === null || (Number.isInteger(id) && id > 0);
  const page = useAdminCustomPage(isValidId ? id : null);
  if (id === null) return <PageEditor />;
  if (page.data) return <PageEditor key={page.data.id} page={page.data} />;
  const isMissing = !isValidId || (isApiError(page.error) && page.error.status === 404);
  return (
    <main id="main-content" className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6 text-center">
      {isMissing ? (
        <>
          <SearchX size={64} strokeWidth={1.25} className="text-fg-muted" aria-hidden />
          <h1 className="text-xl font-medium text-fg">{trans('This page does not exist')}</h1>
          <p className="text-sm text-fg-muted">{trans('It may have been deleted.')}</p>
          <Link to="/admin/custom-pages" className={buttonClasses('text', 'md')}>
            <ArrowLeft size={18} aria-hidden />
            {trans('Pages')}
          </Link>
        </>
      ) : page.isError ? (
        <Button onPress={() => void page.refetch()}>{trans('Try again')}</Button>
      ) : (
        <Spinner />
      )}
    </main>
  );
}

export { PageEditorRoute as Component };
