import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeModules, routePreloads, type HomepageType } from './route-preloads.ts';

const webRoot = path.join(import.meta.dirname, '../../../web');
const PATHS = ['/', '/login', '/register', '/register/abc', '/pricing', '/contact', '/drive/s/h1', '/s/h1', '/drive'];
const HOMEPAGES: HomepageType[] = ['landing', 'login', 'register', 'customPage'];

describe('routeModules', () => {
  it('names modules the web app has (a moved route module must move here too)', () => {
    const named = new Set(PATHS.flatMap((pathname) => HOMEPAGES.flatMap((type) => routeModules(pathname, type, true))));
    for (const pathname of PATHS) for (const module of routeModules(pathname, 'landing', false)) named.add(module);
    expect(named.size).toBeGreaterThan(8);
    expect([...named].filter((module) => !fs.existsSync(path.join(webRoot, module)))).toEqual([]);
  });

  it('follows the homepage setting on /', () => {
    expect(routeModules('/', 'login', false)).toEqual(['src/home/HomePage.tsx', 'src/auth/LoginPage.tsx']);
    expect(routeModules('/pages/about-us', 'landing', false)).toEqual([]);
  });
});

describe('routePreloads', () => {
  it('walks static imports once, leaving out what the entry loads and what the build lacks', () => {
    const manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_a.js'] },
      '_a.js': { file: 'assets/a.js', imports: ['_b.js'] },
      '_b.js': { file: 'assets/b.js' },
      '_c.js': { file: 'assets/c.js', imports: ['_a.js', '_c.js'] },
      'src/Page.tsx': { file: 'assets/Page.js', imports: ['_c.js', '_b.js'] },
    };
    expect(routePreloads(manifest, ['src/Page.tsx', 'src/Missing.tsx'])).toEqual(['assets/Page.js', 'assets/c.js']);
    expect(routePreloads({}, ['src/Page.tsx'])).toEqual([]);
  });
});
