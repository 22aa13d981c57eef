import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { customPageQuery } from '../api/custom-pages.api.ts';
import { CustomPageView } from './CustomPageView.tsx';
import { loadCustomPage } from './custom-page.loader.ts';

const idOrSlugOf = (params: Record<string, string | undefined>) => params.pageId ?? params.pageSlug ?? '';

export function loader({ params }: LoaderFunctionArgs) {
  return loadCustomPage(idOrSlugOf(params));
}

/** /pages/:pageSlug and /pages/:pageId/:pageSlug */
export function CustomPageRoute() {
  const params = useParams();
  const { data } = useSuspenseQuery(customPageQuery(idOrSlugOf(params)));
  return <CustomPageView page={data.page} />;
}

export { CustomPageRoute as Component };
