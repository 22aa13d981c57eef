import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { endpointRoutes } from './endpoint-routes.ts';

/**
 * After the browser build, the same app built for Node into `<outDir>/ssr`: the server renders the
 * public pages' HTML with it (server/src/web/page-render.ts), so a visitor sees the page before any
 * script has run. One self-contained file set: it needs no node_modules where the build lands.
 * The server never serves that folder (only assets/, landing/ and top-level files are public).
 */
export function serverEntry(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'kosh-server-entry',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        plugins: [react(), endpointRoutes()],
        ssr: { noExternal: true },
        build: {
          ssr: 'src/entry-server.tsx',
          outDir: path.join(config.build.outDir, 'ssr'),
          emptyOutDir: true,
          sourcemap: false,
          copyPublicDir: false,
          // Node reads it from disk once; the browser's size warning does not apply.
          chunkSizeWarningLimit: 4096,
        },
      });
    },
  };
}
