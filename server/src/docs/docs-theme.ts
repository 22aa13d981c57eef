import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DEFAULT_THEMES } from '../db/seed/themes.ts';

/**
 * Inter from the package the web app ships, inlined: the docs page's CSP allows fonts from data:
 * and itself, and no CDN is used. Null when the package is missing (the system font then).
 */
function interDataUrl(): string | null {
  try {
    const dir = path.dirname(createRequire(import.meta.url).resolve('@fontsource-variable/inter'));
    const bytes = readFileSync(path.join(dir, 'files', 'inter-latin-wght-normal.woff2'));
    return `data:font/woff2;base64,${bytes.toString('base64')}`;
  } catch {
    return null;
  }
}

/** The light theme's tokens (UI.md), as the app's default light theme. */
function tokens(): string {
  const light = DEFAULT_THEMES.find((theme) => theme.default_light) ?? DEFAULT_THEMES[0];
  return Object.entries(light.values)
    .map(([name, value]) => `  ${name}: ${value};`)
    .join('\n');
}

/** Swagger UI restyled with Kosh's tokens and font, so /api-docs looks like the rest of the app. */
export function docsThemeCss(): string {
  const font = interDataUrl();
  return `${
    font
      ? `@font-face {
  font-family: 'Inter Variable';
  font-style: normal;
  font-display: swap;
  font-weight: 100 900;
  src: url("${font}") format("woff2-variations");
}
`
      : ''
  }:root {
${tokens()}
  color-scheme: light;
}
body { margin: 0; background: var(--kosh-bg); color: var(--kosh-fg); }
.swagger-ui, .swagger-ui .info .title, .swagger-ui .info p, .swagger-ui .info li, .swagger-ui .opblock-tag,
.swagger-ui .opblock .opblock-summary-description, .swagger-ui .opblock .opblock-summary-path, .swagger-ui table,
.swagger-ui .parameter__name, .swagger-ui .response-col_status, .swagger-ui .btn, .swagger-ui select,
.swagger-ui input, .swagger-ui .model-title, .swagger-ui .model, .swagger-ui .tab li, .swagger-ui label,
.swagger-ui .markdown p, .swagger-ui .renderedMarkdown p, .swagger-ui .scheme-container .schemes-title {
  font-family: var(--kosh-font);
  color: var(--kosh-fg);
}
.swagger-ui .topbar {
  background: var(--kosh-bg);
  border-bottom: 1px solid var(--kosh-divider);
  padding: 12px 0;
}
/* The page keeps the light theme: Swagger UI's own dark mode would not use Kosh's tokens. */
.swagger-ui .topbar .download-url-wrapper, .swagger-ui .dark-mode-toggle { display: none; }
.swagger-ui .markdown code, .swagger-ui .renderedMarkdown code {
  background: var(--kosh-bg-alt);
  color: var(--kosh-fg);
  border-radius: 4px;
  font-weight: 500;
}
.swagger-ui .topbar a { max-width: 240px; }
.swagger-ui .topbar a img { height: 32px; }
.swagger-ui .info .title { font-size: 28px; font-weight: 500; }
.swagger-ui .info .title small { background: var(--kosh-bg-chip); color: var(--kosh-fg); border-radius: 999px; }
.swagger-ui .info .title small pre { color: var(--kosh-fg); font-family: var(--kosh-font); }
.swagger-ui .info a, .swagger-ui a.nostyle, .swagger-ui .info .link { color: var(--kosh-primary); }
.swagger-ui .scheme-container {
  background: var(--kosh-bg-alt);
  box-shadow: none;
  border-top: 1px solid var(--kosh-divider);
  border-bottom: 1px solid var(--kosh-divider);
}
.swagger-ui .opblock-tag { border-bottom-color: var(--kosh-divider); font-size: 20px; font-weight: 500; }
.swagger-ui .opblock { border-radius: var(--kosh-radius); box-shadow: none; }
.swagger-ui .opblock .opblock-summary-method { border-radius: var(--kosh-radius); font-family: var(--kosh-font); }
.swagger-ui .btn { border-radius: var(--kosh-radius); box-shadow: none; }
.swagger-ui .btn.authorize { color: var(--kosh-primary); border-color: var(--kosh-primary); background: none; }
.swagger-ui .btn.authorize svg { fill: var(--kosh-primary); }
.swagger-ui .btn.execute {
  background: var(--kosh-primary);
  border-color: var(--kosh-primary);
  color: var(--kosh-on-primary);
}
.swagger-ui input[type=text], .swagger-ui input[type=password], .swagger-ui select, .swagger-ui textarea {
  border: 1px solid var(--kosh-divider);
  border-radius: var(--kosh-radius);
}
.swagger-ui .dialog-ux .modal-ux { border-radius: var(--kosh-radius-lg); border-color: var(--kosh-divider); }
.swagger-ui *:focus-visible { outline: 2px solid var(--kosh-primary); outline-offset: 2px; }
`;
}

/** The app's logo mark (the web app's favicon), for the docs' top bar and tab; null when not there. */
export function docsLogo(): Buffer | null {
  try {
    return readFileSync(new URL('../../../web/public/favicon.svg', import.meta.url));
  } catch {
    return null;
  }
}
