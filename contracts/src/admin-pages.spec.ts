import { describe, expect, it } from 'vitest';
import {
  pageSlugOf,
  SaveCustomPageBodySchema,
  SLUG_FORMAT_MESSAGE,
  SLUG_RESERVED_MESSAGE,
  slugProblem,
} from './admin-pages.ts';

describe('slugProblem', () => {
  it('takes lower-case letters and digits joined by single hyphens', () => {
    for (const slug of ['about-us', 'faq', 'plans-2026', 'a', '2026-plans']) expect(slugProblem(slug), slug).toBeNull();
  });

  it('refuses other characters, stray hyphens and capitals', () => {
    for (const slug of ['About', 'a_b', 'a b', '-a', 'a-', 'a--b', 'é', 'a/b', ''])
      expect(slugProblem(slug), slug).toBe(SLUG_FORMAT_MESSAGE);
  });

  it('refuses digits alone, which /pages/:id reads as an id', () => {
    expect(slugProblem('123')).toBe('The slug needs at least one letter.');
  });

  it('refuses the app’s own routes', () => {
    for (const slug of ['login', 'admin', 'api', 'drive', 'pages', 'api-docs'])
      expect(slugProblem(slug), slug).toBe(SLUG_RESERVED_MESSAGE);
    expect(slugProblem('login-help')).toBeNull();
  });
});

describe('pageSlugOf', () => {
  it('makes a slug of a title', () => {
    expect(pageSlugOf('About Us')).toBe('about-us');
    expect(pageSlugOf('  Terms & Conditions (2026)! ')).toBe('terms-conditions-2026');
    expect(pageSlugOf('Café crème')).toBe('cafe-creme');
    expect(pageSlugOf('हिंदी')).toBe('');
  });

  it('stays within the slug length without a trailing hyphen', () => {
    const slug = pageSlugOf(`${'word '.repeat(40)}end`);
    expect(slug.length).toBeLessThanOrEqual(100);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('SaveCustomPageBodySchema', () => {
  it('stores empty SEO fields as none and trims the rest', () => {
    const parsed = SaveCustomPageBodySchema.parse({
      title: ' About ',
      slug: 'about',
      body: '<p>x</p>',
      seo: { title: '  ', description: 'Who we are ' },
    });
    expect(parsed).toEqual({
      title: 'About',
      slug: 'about',
      body: '<p>x</p>',
      seo: { title: null, description: 'Who we are' },
    });
    expect(SaveCustomPageBodySchema.parse({ title: 'A', slug: 'a', body: '' }).seo).toEqual({
      title: null,
      description: null,
    });
  });

  it('names the field of each problem', () => {
    const result = SaveCustomPageBodySchema.safeParse({ title: '', slug: 'login', body: 1 });
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['title', 'slug', 'body']));
  });
});
