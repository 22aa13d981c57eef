import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { BootstrapData } from '@kosh/contracts';
import './styles/index.css';
import { App } from './App.tsx';
import { queryClient } from './api/query-client.ts';
import { type AppRouter, createRouter, loadMatchedRoutes } from './router.tsx';
import { loadBootstrapData } from './shell/bootstrap-store.ts';
import { startErrorReporting } from './shell/error-reporting.ts';
import { yieldToMain } from './shell/main-thread.ts';
import { setSsrHints } from './shell/ssr-hints.ts';
import { initTheme } from './shell/theme/theme-store.ts';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');
  let data: BootstrapData;
  try {
    data = await loadBootstrapData();
  } catch (error) {
    createRoot(container).render(
      <main style={{ padding: 32, fontFamily: 'system-ui, sans-serif' }}>
        <h1>Unexpected Application Error!</h1>
        <p>{error instanceof Error ? error.message : String(error)}</p>
      </main>,
    );
    return;
  }
  // Set only when it differs: any write restyles every element (:lang() may match).
  if (document.documentElement.lang !== data.i18n.language) document.documentElement.lang = data.i18n.language;
  void startErrorReporting(data.settings.error_reporting);
  initTheme();
  const app = (router: AppRouter) => (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  if (!window.ssr) {
    createRoot(container).render(app(createRouter()));
    return;
  }
  // The server drew this page (server/src/web/page-render.ts): take it over rather than redraw it.
  // Each step is a task of its own, so the page the visitor already sees keeps answering taps.
  setSsrHints(window.ssr.hints);
  // What the server drew with: the same data, so hydration finds what the HTML shows.
  for (const query of window.ssr.queries ?? []) queryClient.setQueryData(query.key, query.data);
  await yieldToMain();
  await loadMatchedRoutes(window.location.pathname);
  await yieldToMain();
  const router = createRouter(window.ssr.loaderData);
  await yieldToMain();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread until the whole page is live: taps and scrolls stay answered on a slow phone.
  startTransition(() => {
    hydrateRoot(container, app(router));
  });
}

void start();
