import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../helpers/factories.ts';
import { Agent, createTestApp, FIXTURE_INDEX_HTML, type TestApp } from '../helpers/test-app.ts';

// A build as Vite leaves it with `build.manifest`: the entry, its shared chunk, and lazy route chunks.
const MANIFEST = {
  'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_shared-s1.js'] },
  '_shared-s1.js': { file: 'assets/shared-s1.js' },
  '_icons-i1.js': { file: 'assets/icons-i1.js' },
  'src/home/HomePage.tsx': { file: 'assets/HomePage-h1.js', imports: ['_shared-s1.js'] },
  'src/site/landing/LandingPage.tsx': { file: 'assets/LandingPage-l1.js', imports: ['_icons-i1.js'] },
  'src/auth/LoginPage.tsx': { file: 'assets/LoginPage-p1.js', imports: ['_shared-s1.js'] },
  'src/drive/layout/DriveLayout.tsx': { file: 'assets/DriveLayout-d1.js' },
  'src/drive/DrivePage.tsx': { file: 'assets/DrivePage-d2.js' },
  '../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2': {
    file: 'assets/inter-latin-wght-normal-f1.woff2',
  },
  '../node_modules/@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2': {
    file: 'assets/inter-latin-ext-wght-normal-f2.woff2',
  },
};

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kosh-preload-dist-'));
fs.mkdirSync(path.join(dist, '.vite'));
fs.writeFileSync(path.join(dist, 'index.html'), FIXTURE_INDEX_HTML);
fs.writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(MANIFEST));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const fonts = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="font" type="font\/woff2" crossorigin href="([^"]+)">/g)].map(
    (match) => match[1],
  );
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

describe('route script hints in the HTML', () => {
  it("names the landing page's scripts on / ahead of the router, and none the entry already has", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(preloads(res.body)).toEqual(['/assets/HomePage-h1.js', '/assets/LandingPage-l1.js', '/assets/icons-i1.js']);
    // Before the bootstrap script, so the fetches start as the head is read.
    expect(res.body.indexOf('modulepreload')).toBeLessThan(res.body.indexOf('window.bootstrapData'));
  });

  it('hints a page only to those it is for: sign-in for visitors, the drive for signed-in users', async () => {
    expect(preloads((await t.app.inject({ method: 'GET', url: '/login' })).body)).toEqual(['/assets/LoginPage-p1.js']);
    expect(preloads((await t.app.inject({ method: 'GET', url: '/drive' })).body)).toEqual([]);
    const agent = new Agent(t.app);
    await loginAs(t.modules, agent, await createUser(t.modules));
    expect(preloads((await agent.get('/drive/recent')).body)).toEqual([
      '/assets/DriveLayout-d1.js',
      '/assets/DrivePage-d2.js',
    ]);
    expect(preloads((await agent.get('/login')).body)).toEqual([]);
  });

  it('gives no hints for pages the build does not know, and never serves the manifest', async () => {
    expect(preloads((await t.app.inject({ method: 'GET', url: '/pricing' })).body)).toEqual([]);
    expect(preloads((await t.app.inject({ method: 'GET', url: '/account-settings' })).body)).toEqual([]);
    const manifest = await t.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(manifest.statusCode).toBe(404);
  });
});

describe('font hints in the HTML', () => {
  it("preloads the default theme's Latin font on every page, signed in or not, ahead of the scripts", async () => {
    for (const url of ['/', '/login', '/pricing', '/drive/s/nothing-here']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(fonts(res.body), url).toEqual(['/assets/inter-latin-wght-normal-f1.woff2']);
    }
    const agent = new Agent(t.app);
    await loginAs(t.modules, agent, await createUser(t.modules));
    const drive = (await agent.get('/drive')).body;
    expect(fonts(drive)).toEqual(['/assets/inter-latin-wght-normal-f1.woff2']);
    expect(drive.indexOf('as="font"')).toBeLessThan(drive.indexOf('modulepreload'));
  });
});
