import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { newAgent } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { Person } from '../shares/sharing.ts';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>parent.__xss = 1</script></svg>';
const HTML = '<!doctype html><script>parent.__xss = 1</script>';

/** Uploads whose bytes a browser would run if served as a document of the site's origin. */
const ACTIVE_FILES: Array<{ name: string; content: string; type?: string }> = [
  { name: 'drawing.svg', content: SVG },
  { name: 'page.html', content: HTML },
  { name: 'page.htm', content: HTML },
  { name: 'page.xhtml', content: HTML },
  { name: 'feed.xml', content: SVG },
  { name: 'photo.png', content: HTML, type: 'text/html' },
  { name: 'notes.txt', content: HTML, type: 'image/svg+xml' },
  { name: 'noext', content: HTML, type: 'text/html' },
];

const ACTIVE_TYPE = /html|svg|xml|javascript|ecmascript/i;

/** An answer that carries file bytes must not let them run on the site's origin. */
function assertContained(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, what).toBe(200);
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  const type = String(res.headers['content-type'] ?? '');
  const disposition = String(res.headers['content-disposition'] ?? '');
  const csp = String(res.headers['content-security-policy'] ?? '');
  if (!ACTIVE_TYPE.test(type)) return;
  const attachment = disposition.startsWith('attachment');
  const sandboxed = /(^|;)\s*sandbox(\s*;|$)/.test(csp) && /default-src 'none'/.test(csp);
  expect(attachment || sandboxed, `${what}: ${type}, ${disposition}, ${csp}`).toBe(true);
  // Inline or not, a sandbox keeps a browser that ignores the disposition from running scripts.
  expect(csp, what).toMatch(/sandbox/);
  expect(csp, what).not.toMatch(/allow-scripts|allow-same-origin/);
}

describe('SVG and HTML files served inline', () => {
  // Class: active content (SVG/HTML) served from the site's origin.
  let t: TestApp;
  let owner: Person;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
    owner = await Person.create(t);
  });
  afterAll(() => t.close());

  it.each(ACTIVE_FILES)('serves $name (declared $type) as attachment or sandboxed, with nosniff', async (file) => {
    const res = await owner.uploadRaw(file.name, file.content, {});
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json().fileEntry;
    const folder = await owner.folder(`for ${file.name}`);
    const inFolder = await owner.upload(file.name, file.content, folder.id);
    const { hash } = await owner.createLink(entry.id);
    const folderLink = await owner.createLink(folder.id);
    const visitor = newAgent(t);
    const answers: Array<[string, LightMyRequestResponse]> = [
      ['download', await owner.agent.get(`/api/v1/file-entries/${entry.hash}/download`)],
      ['preview', await owner.agent.get(`/api/v1/file-entries/${entry.hash}/download?inline=1`)],
      ['preview true', await owner.agent.get(`/api/v1/file-entries/${entry.hash}/download?inline=true`)],
      ['link download', await visitor.get(`/api/v1/shareable-links/${hash}/download`)],
      ['link preview', await visitor.get(`/api/v1/shareable-links/${hash}/entries/${entry.hash}/download?inline=1`)],
      [
        'folder link preview',
        await visitor.get(`/api/v1/shareable-links/${folderLink.hash}/entries/${inFolder.hash}/download?inline=1`),
      ],
    ];
    for (const [what, answer] of answers) assertContained(answer, `${file.name} ${what}`);
  });
});
