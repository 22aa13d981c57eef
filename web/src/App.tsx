import { Component, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './api/query-client.ts';
import { createRouter } from './router.tsx';
import { initAppearanceEditor } from './shell/appearance/appearance-editor.ts';
import { DevErrorDialog } from './shell/errors/DevErrorDialog.tsx';
import { UnexpectedError } from './shell/errors/UnexpectedError.tsx';
import { ToastRegion } from './ui/toast/ToastRegion.tsx';

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
  useEffect(() => initAppearanceEditor(), []);
  return (
    <RenderErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <ToastRegion />
        <DevErrorDialog />
      </QueryClientProvider>
    </RenderErrorBoundary>
  );
}
