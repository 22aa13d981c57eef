import { lazy, Suspense } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { customPageQuery } from '../api/custom-pages.api.ts';
import { loadCustomPage } from '../pages/custom-page.loader.ts';
import { getBootstrapData, useSettings } from '../shell/bootstrap-store.ts';
import { GuestOnly } from '../shell/guards.tsx';

// Each home variant is its own chunk: the landing page's first load carries no sign-in forms.
const chunks = {
  landing: () => import('../site/landing/LandingPage.tsx'),
  login: () => import('../auth/LoginPage.tsx'),
  register: () => import('../auth/RegisterPage.tsx'),
  customPage: () => import('../pages/CustomPageView.tsx'),
};
const LandingPage = lazy(() => chunks.landing().then((m) => ({ default: m.LandingPage })));
const LoginPage = lazy(() => chunks.login().then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => chunks.register().then((m) => ({ default: m.RegisterPage })));
const CustomPageView = lazy(() => chunks.customPage().then((m) => ({ default: m.CustomPageView })));

function customPageId(): string | null {
  const { homepage } = getBootstrapData().settings;
  return homepage?.type === 'customPage' && homepage.value ? homepage.value : null;
}

export async function loader() {
  const type = getBootstrapData().settings.homepage?.type ?? 'landing';
  // The variant's chunk loads while the route does, not after it renders.
  await chunks[type]();
  const id = customPageId();
  return id ? loadCustomPage(id) : null;
}

function HomeCustomPage({ id }: { id: string }) {
  const { data } = useSuspenseQuery(customPageQuery(id));
  return (
    <Suspense fallback={null}>
      <CustomPageView page={data.page} />
    </Suspense>
  );
}

/**
 * Home (part 1, 2.1) as settings.homepage.type dictates: the landing page ('landing', for
 * visitors and signed-in users alike), the login or register page, or a custom page.
 */
export function HomePage() {
  const { homepage } = useSettings();
  if (homepage?.type === 'customPage' && homepage.value) return <HomeCustomPage id={homepage.value} />;
  const type = homepage?.type ?? 'landing';
  return (
    <Suspense fallback={null}>
      {type === 'landing' ? (
        <LandingPage />
      ) : (
        <GuestOnly>{type === 'register' ? <RegisterPage /> : <LoginPage />}</GuestOnly>
      )}
    </Suspense>
  );
}

export { HomePage as Component };
