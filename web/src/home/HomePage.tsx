import { useSuspenseQuery } from '@tanstack/react-query';
import { customPageQuery } from '../api/custom-pages.api.ts';
import { LoginPage } from '../auth/LoginPage.tsx';
import { RegisterPage } from '../auth/RegisterPage.tsx';
import { CustomPageView } from '../pages/CustomPageView.tsx';
import { loadCustomPage } from '../pages/custom-page.loader.ts';
import { getBootstrapData, useSettings } from '../shell/bootstrap-store.ts';
import { GuestOnly } from '../shell/guards.tsx';

function customPageId(): string | null {
  const { homepage } = getBootstrapData().settings;
  return homepage?.type === 'customPage' && homepage.value ? homepage.value : null;
}

export function loader() {
  const id = customPageId();
  return id ? loadCustomPage(id) : null;
}

function HomeCustomPage({ id }: { id: string }) {
  const { data } = useSuspenseQuery(customPageQuery(id));
  return <CustomPageView page={data.page} />;
}

/**
 * Home (part 1, 2.1) as settings.homepage.type dictates: 'register', a custom page, or
 * the login page ('login', and 'landing' until the landing page exists).
 */
export function HomePage() {
  const { homepage } = useSettings();
  if (homepage?.type === 'customPage' && homepage.value) return <HomeCustomPage id={homepage.value} />;
  return <GuestOnly>{homepage?.type === 'register' ? <RegisterPage /> : <LoginPage />}</GuestOnly>;
}

export { HomePage as Component };
