import { lazy, Suspense } from 'react';
import { getBootstrapData, useSettings } from '../shell/bootstrap-store.ts';
import { GuestOnly } from '../shell/guards.tsx';

// Each home variant is its own chunk: the landing page's first load carries no sign-in forms.
const chunks = {
  landing: () => import('../site/landing/LandingPage.tsx'),
  login: () => import('../auth/LoginPage.tsx'),
  register: () => import('../auth/RegisterPage.tsx'),
  customPage: () => import('./HomeCustomPage.tsx'),
};
const LandingPage = lazy(() => chunks.landing().then((m) => ({ default: m.LandingPage })));
const LoginPage = lazy(() => chunks.login().then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazy(() => chunks.register().then((m) => ({ default: m.RegisterPage })));
// A custom page as home: its query and view load only on installs that chose one.
const HomeCustomPage = lazy(() => chunks.customPage().then((m) => ({ default: m.HomeCustomPage })));

function customPageId(): string | null {
  const { homepage } = getBootstrapData().settings;
  return homepage?.type === 'customPage' && homepage.value ? homepage.value : null;
}

export async function loader() {
  const type = getBootstrapData().settings.homepage?.type ?? 'landing';
  // The variant's chunk loads while the route does, not after it renders.
  await chunks[type]();
  const id = customPageId();
  if (!id) return null;
  const { loadCustomPage } = await import('../pages/custom-page.loader.ts');
  return loadCustomPage(id);
}

/**
 * Home (part 1, 2.1) as settings.homepage.type dictates: the landing page ('landing', for
 * visitors and signed-in users alike), the login or register page, or a custom page.
 */
export function HomePage() {
  const { homepage } = useSettings();
  if (homepage?.type === 'customPage' && homepage.value) {
    return (
      <Suspense fallback={null}>
        <HomeCustomPage id={homepage.value} />
      </Suspense>
    );
  }
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
