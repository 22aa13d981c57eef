import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { BootstrapData } from '@kosh/contracts';
import './styles/index.css';
import { App } from './App.tsx';
import { loadBootstrapData } from './shell/bootstrap-store.ts';
import { startErrorReporting } from './shell/error-reporting.ts';
import { initTheme } from './shell/theme/theme-store.ts';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');
  const root = createRoot(container);
  let data: BootstrapData;
  try {
    data = await loadBootstrapData();
  } catch (error) {
    root.render(
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
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
