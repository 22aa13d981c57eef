import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './api/query-client.ts';
import { createRouter, routes } from './router.tsx';
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

export function App() {
  const [router] = useState(createRouter);
  const hasDevError = useDevError() !== null;
  useEffect(() => initAppearanceEditor(), []);
  return (
    <RenderErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AppRoutesContext value={routes}>
          <RouterProvider router={router} />
        </AppRoutesContext>
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
