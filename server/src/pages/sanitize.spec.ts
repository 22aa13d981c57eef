import { describe, expect, it } from 'vitest';
import { isOwnImage, sanitizeUserHtml } from './sanitize.ts';

const uploaded = '/api/v1/custom-pages/images/0123abcd-0123-4567-89ab-0123456789ab.webp';

describe('isOwnImage', () => {
  it('takes images uploaded into pages and the landing page’s illustrations', () => {
    for (const src of [uploaded, '/landing/hero-light.svg', '/landing/og-image.png'])
      expect(isOwnImage(src), src).toBe(true);
  });

  it('refuses other sites, data, other paths of this one and path tricks', () => {
    for (const src of [
      undefined,
      'https://evil.example/a.webp',
      `//evil.example${uploaded}`,
      `https://evil.example${uploaded}`,
      'data:image/png;base64,AAAA',
      '/api/v1/avatars/0123456789abcdef0123456789abcdef.webp',
      '/landing/../api/v1/me',
      '/\\evil.example/x.png',
      `${uploaded}?x=1`,
    ])
      expect(isOwnImage(src), String(src)).toBe(false);
  });
});

describe('sanitizeUserHtml', () => {
  it('keeps what the editor writes', async () => {
    const html =
      '<h2 id="a">A</h2><p><strong>b</strong> <em>i</em> <a href="/pages/x" rel="noopener noreferrer">x</a></p>' +
      `<ol start="2"><li>one</li></ol><pre><code class="language-js">1</code></pre><img src="${uploaded}" alt="pic" />`;
    expect(await sanitizeUserHtml(html)).toBe(html);
  });

  it('is stable: sanitising twice changes nothing more', async () => {
    const once = await sanitizeUserHtml('<p onclick="x">a<script>b</script><a href="x" target="_blank">c</a></p>');
    expect(await sanitizeUserHtml(once)).toBe(once);
  });
});
