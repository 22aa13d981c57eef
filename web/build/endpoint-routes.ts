import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

const endpointsFile = path.resolve(import.meta.dirname, '../../contracts/src/endpoints.ts');

/**
 * The browser calls the endpoint table for each entry's method and path (web/src/api/call.ts);
 * its zod schemas serve the server and the types. Shipping them would put zod and every contract
 * (about 30 KB gzipped) on the first load of every page, so the web build reads the table in Node
 * and serves the browser the same entries without their schemas. Forms that validate with a
 * schema import it from its own contract module, in their own lazily loaded chunks.
 */
export function endpointRoutes(): Plugin {
  return {
    name: 'kosh-endpoint-routes',
    async load(id) {
      if (path.resolve(id.split('?')[0]) !== endpointsFile) return null;
      this.addWatchFile(endpointsFile);
      // A fresh URL per load, so that the dev server sees an edited table.
      const url = `${pathToFileURL(endpointsFile).href}?at=${Date.now()}`;
      const { endpoints } = (await import(url)) as typeof import('../../contracts/src/endpoints.ts');
      const routes = Object.fromEntries(
        Object.entries(endpoints).map(([name, entry]) => [
          name,
          { method: entry.method, path: entry.path, ...('changesState' in entry ? { changesState: true } : {}) },
        ]),
      );
      return `export const endpoints = ${JSON.stringify(routes)};\n`;
    },
  };
}
