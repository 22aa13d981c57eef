import { useSuspenseQuery } from '@tanstack/react-query';
import { customPageQuery } from '../api/custom-pages.api.ts';
import { CustomPageView } from '../pages/CustomPageView.tsx';

/** Home as a custom page (settings.homepage.type 'customPage'), its content read by the route's loader. */
export function HomeCustomPage({ id }: { id: string }) {
  const { data } = useSuspenseQuery(customPageQuery(id));
  return <CustomPageView page={data.page} />;
}
