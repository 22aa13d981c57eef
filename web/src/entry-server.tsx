import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import type { BootstrapData, SsrHints, SsrQuery } from '@kosh/contracts';
import { AppFrame } from './App.tsx';
import { routes } from './router.tsx';
import { scopeBootstrapData } from './shell/bootstrap-store.ts';
import { scopeSsrHints } from './shell/ssr-hints.ts';

type Scope = { data: BootstrapData; hints: SsrHints };

// Renders of several requests interleave while their route modules load: each reads its own scope.
const scope = new AsyncLocalStorage<Scope>();
scopeBootstrapData(() => scope.getStore()?.data);
scopeSsrHints(() => scope.getStore()?.hints);

const handler = createStaticHandler(routes);

/**
 * The HTML of a page as the web app draws it first, for the server to send before any script
 * runs (server/src/web/page-render.ts), and what its routes' loaders answered, for the browser's
 * router to start from; null when the router answers with a redirect or an error instead.
 * It waits for the page's lazy modules, so the HTML is the whole page, not a fallback; `queries`,
 * answered by the server, are drawn with instead of the skeletons shown while they load.
 */
export function renderPage(
  url: string,
  data: BootstrapData,
  hints: SsrHints,
  signal?: AbortSignal,
  queries: SsrQuery[] = [],
): Promise<{ html: string; loaderData: Record<string, unknown> } | null> {
  return scope.run({ data, hints }, async () => {
    const context = await handler.query(new Request(url, { signal }));
    // A redirect, or a route that failed: the browser's app deals with those itself.
    if (context instanceof Response || context.errors) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    const client = new QueryClient();
    for (const query of queries) client.setQueryData(query.key, query.data);
    const { prelude } = await prerender(
      <StrictMode>
        <AppFrame client={client}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppFrame>
      </StrictMode>,
      { signal },
    );
    return { html: await new Response(prelude).text(), loaderData: context.loaderData };
  });
}
