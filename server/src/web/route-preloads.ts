import fs from 'node:fs';
import path from 'node:path';

/** What Vite's build manifest says of one module (web/dist/.vite/manifest.json). */
type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
export type Manifest = Record<string, ManifestChunk>;

export type HomepageType = 'landing' | 'login' | 'register' | 'customPage';

const HOME_VARIANTS: Record<HomepageType, string> = {
  landing: 'src/site/landing/LandingPage.tsx',
  login: 'src/auth/LoginPage.tsx',
  register: 'src/auth/RegisterPage.tsx',
  customPage: 'src/home/HomeCustomPage.tsx',
};

/**
 * The lazy route modules the web router (web/src/router.tsx) loads first for a path, for the pages
 * a first visit lands on. A module missing from the build only loses its hint.
 */
export function routeModules(pathname: string, homepage: HomepageType, signedIn: boolean): string[] {
  if (pathname === '/') return ['src/home/HomePage.tsx', HOME_VARIANTS[homepage]];
  // Guest-only and signed-in-only pages send the others away: no hints for a page they will not see.
  if (pathname === '/login') return signedIn ? [] : ['src/auth/LoginPage.tsx'];
  if (pathname === '/register' || pathname.startsWith('/register/')) {
    return signedIn ? [] : ['src/auth/RegisterPage.tsx'];
  }
  if (pathname === '/pricing') return ['src/site/pricing/PricingPage.tsx'];
  if (pathname === '/contact') return ['src/site/enquiry/ContactPage.tsx'];
  if (/^\/(drive\/)?s\/[^/]+$/.test(pathname)) return ['src/drive/link/LinkPage.tsx'];
  if (signedIn && (pathname === '/drive' || pathname.startsWith('/drive/'))) {
    return ['src/drive/layout/DriveLayout.tsx', 'src/drive/DrivePage.tsx'];
  }
  return [];
}

/**
 * The scripts of a route's modules and everything they import, less what the entry already
 * preloads: hints that let the browser fetch them with the entry instead of one round trip after
 * another once the router runs (on a slow phone network each trip costs a few hundred ms).
 */
export function routePreloads(manifest: Manifest, modules: string[]): string[] {
  const entryFiles = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const dep of chunk.imports ?? []) walk(dep, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, entryFiles);
  const files = new Set<string>();
  for (const module of modules) walk(module, files);
  return [...files].filter((file) => !entryFiles.has(file));
}

/** The build's manifest, or an empty one when the app was built without it (hints are optional). */
export function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return {};
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}
