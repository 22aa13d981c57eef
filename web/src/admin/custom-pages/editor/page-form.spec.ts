import { describe, expect, it } from 'vitest';
import {
  altFromFileName,
  followedSlug,
  imageFileProblem,
  isRichEditable,
  normalizedLink,
  pageBody,
  pageFormValues,
} from './page-form.ts';

describe('followedSlug', () => {
  it('follows the title until the slug is edited', () => {
    expect(followedSlug('Shipping & Returns', '', false)).toBe('shipping-returns');
    expect(followedSlug('Shipping & Returns', 'returns', true)).toBe('returns');
  });
});

describe('pageFormValues and pageBody', () => {
  it('turn a stored page into fields and fields into a save, empty SEO fields as none', () => {
    const values = pageFormValues();
    expect(values).toEqual({ title: '', slug: '', body: '', seo: { title: '', description: '' } });
    expect(pageBody({ ...values, title: 'A', slug: 'a', seo: { title: 'T', description: '' } })).toEqual({
      title: 'A',
      slug: 'a',
      body: '',
      seo: { title: 'T', description: null },
    });
  });
});

describe('isRichEditable', () => {
  it('opens bodies with markup the visual editor drops as HTML', () => {
    expect(isRichEditable('<h2>a</h2><ul><li>b</li></ul><pre><code>c</code></pre><img src="/x">')).toBe(true);
    expect(isRichEditable('<table><tr><td>x</td></tr></table>')).toBe(false);
    expect(isRichEditable('<p>H<sub>2</sub>O</p>')).toBe(false);
    expect(isRichEditable('<p>a tablet</p>')).toBe(true);
  });
});

describe('imageFileProblem', () => {
  it('takes the image types the server re-encodes, up to 5 MB', () => {
    expect(imageFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(imageFileProblem({ type: 'image/svg+xml', size: 1000 })).toMatch(/JPEG, PNG/);
    expect(imageFileProblem({ type: 'application/pdf', size: 1000 })).toMatch(/JPEG, PNG/);
    expect(imageFileProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toMatch(/5 MB/);
  });
});

describe('altFromFileName', () => {
  it('reads a file name as words', () => {
    expect(altFromFileName('team-photo_2024.final.JPG')).toBe('team photo 2024 final');
  });
});

describe('normalizedLink', () => {
  it('keeps web, mail and site addresses', () => {
    for (const link of ['https://example.com/a?b=1', 'http://x.test', 'mailto:hi@example.com', '/pages/about', '#top'])
      expect(normalizedLink(link), link).toBe(link);
  });

  it('completes bare web and mail addresses', () => {
    expect(normalizedLink(' example.com/docs ')).toBe('https://example.com/docs');
    expect(normalizedLink('hi@example.com')).toBe('mailto:hi@example.com');
  });

  it('refuses scripts, data, other schemes, protocol-relative and loose text', () => {
    for (const link of ['javascript:alert(1)', 'data:text/html,x', 'ftp://x', '//evil.example', 'two words', ''])
      expect(normalizedLink(link), link).toBeNull();
  });
});
