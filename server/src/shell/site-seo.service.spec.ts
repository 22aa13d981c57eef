import { describe, expect, it } from 'vitest';
import type { CustomPagesRepository } from '../pages/custom-pages.repository.ts';
import { publicPageMeta, SiteSeoService } from './site-seo.service.ts';

const source = {
  baseUrl: 'https://files.example.in',
  siteName: 'Kosh',
  seo: { title: 'Kosh - files', description: 'Store files.' },
  lines: { Pricing: 'मूल्य' },
};

describe('publicPageMeta', () => {
  it('gives the home page the SEO settings and its absolute address and image', () => {
    expect(publicPageMeta('/', source)).toEqual({
      title: 'Kosh - files',
      description: 'Store files.',
      url: 'https://files.example.in/',
      image: 'https://files.example.in/landing/og-image.png',
    });
  });

  it('falls back to the site name when the SEO title is empty', () => {
    expect(publicPageMeta('/', { ...source, seo: { title: '', description: '' } })?.title).toBe('Kosh');
  });

  it('names pricing and contact in the caller language, with or without a trailing slash', () => {
    expect(publicPageMeta('/pricing/', source)).toMatchObject({
      title: 'मूल्य - Kosh',
      url: 'https://files.example.in/pricing',
    });
    expect(publicPageMeta('/contact', source)?.title).toBe('Contact us - Kosh');
  });

  it('is null for other pages', () => {
    for (const path of ['/drive', '/login', '/pages/about-us', '/constructor', '/toString'])
      expect(publicPageMeta(path, source)).toBeNull();
  });
});

describe('SiteSeoService', () => {
  const pages = (rows: Array<{ slug: string; updated_at: string }>) =>
    ({ listSlugs: async () => rows }) as unknown as CustomPagesRepository;

  it('leaves out the date of a page whose timestamp does not parse', async () => {
    const xml = await new SiteSeoService(pages([{ slug: 'x', updated_at: 'yesterday' }])).sitemap('http://h');
    expect(xml).toContain('<url><loc>http://h/pages/x</loc></url>');
  });

  it('names the sitemap on the base address in robots.txt', () => {
    const robots = new SiteSeoService(pages([])).robots('http://h');
    expect(robots).toContain('Disallow: /drive\n');
    expect(robots.trimEnd().split('\n').at(-1)).toBe('Sitemap: http://h/sitemap.xml');
  });
});
