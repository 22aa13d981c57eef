import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_PATH } from './harness.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Where journeys' web app is built: web/dist, or KOSH_E2E_DIST so parallel runs do not share one. */
export const E2E_DIST = process.env.KOSH_E2E_DIST
  ? path.resolve(process.env.KOSH_E2E_DIST)
  : path.join(repoRoot, 'web/dist');

/** Builds the web app once for every journey (skipped with KOSH_E2E_SKIP_BUILD=1). */
export default function setup(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}. Install it with: sudo apt-get install chromium`);
  }
  if (process.env.KOSH_E2E_SKIP_BUILD === '1') {
    if (!existsSync(path.join(E2E_DIST, 'index.html')))
      throw new Error(`KOSH_E2E_SKIP_BUILD=1 but ${E2E_DIST} is missing: run \`npm run build\` first.`);
    return;
  }
  const vite = path.join(repoRoot, 'node_modules/vite/bin/vite.js');
  // As `npm start` builds it: vitest sets NODE_ENV=test, which would ship React's development build.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync(
    process.execPath,
    [vite, 'build', '--logLevel', 'warn', '--outDir', E2E_DIST, '--emptyOutDir'],
    { cwd: path.join(repoRoot, 'web'), stdio: 'inherit', env },
  );
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status})`);
}
