import { Component, lazy, Suspense, useEffect, type ReactNode } from 'react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './api/query-client.ts';
import { type AppRouter, routes } from './router.tsx';
import { initAppearanceEditor } from './shell/appearance/appearance-editor.ts';
import { AppRoutesContext } from './shell/menus/app-routes.ts';
import { useDevError } from './shell/errors/dev-error-store.ts';
import { UnexpectedError } from './shell/errors/UnexpectedError.tsx';
import { Toasts } from './ui/toast/Toasts.tsx';

// Only debug mode ever opens it (part 1, 2.5): it loads with the first error it shows.
const DevErrorDialog = lazy(() =>
  import('./shell/errors/DevErrorDialog.tsx').then((m) => ({ default: m.DevErrorDialog })),
);

class RenderErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: undefined as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    return this.state.error !== undefined ? <UnexpectedError error={this.state.error} /> : this.props.children;
  }
}

/** What surrounds the router on every page, in the browser and when the server renders one. */
export function AppFrame({ client, children }: { client: QueryClient; children: ReactNode }) {
  const hasDevError = useDevError() !== null;
  return (
    <RenderErrorBoundary>
      <QueryClientProvider client={client}>
        <AppRoutesContext value={routes}>{children}</AppRoutesContext>
        <Toasts />
        {hasDevError && (
          <Suspense fallback={null}>
            <DevErrorDialog />
          </Suspense>
        )}
      </QueryClientProvider>
    </RenderErrorBoundary>
  );
}

export function App({ router }: { router: AppRouter }) {
  useEffect(() => initAppearanceEditor(), []);
  // The app is live: a page the server drew stops holding back its forms (server/src/web/page-render.ts).
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return (
    <AppFrame client={queryClient}>
      <RouterProvider router={router} />
    </AppFrame>
  );
}
