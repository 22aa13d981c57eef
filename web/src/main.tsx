import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { BootstrapData } from '@kosh/contracts';
import './styles/index.css';
import { App } from './App.tsx';
import { loadMatchedRoutes } from './router.tsx';
import { loadBootstrapData } from './shell/bootstrap-store.ts';
import { startErrorReporting } from './shell/error-reporting.ts';
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
  document.documentElement.lang = data.i18n.language;
  void startErrorReporting(data.settings.error_reporting);
  initTheme();
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (!window.ssr) {
    createRoot(container).render(app);
    return;
  }
  // The server drew this page (server/src/web/page-render.ts): take it over rather than redraw it.
  setSsrHints(window.ssr.hints);
  await loadMatchedRoutes(window.location.pathname);
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread until the whole page is live: taps and scrolls stay answered on a slow phone.
  startTransition(() => {
    hydrateRoot(container, app);
  });
}

void start();
