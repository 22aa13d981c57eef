// Custom pages a new install ships with (footer links of spec part 2, section 2).
// Plain HTML: headings, paragraphs and lists only; no scripts, inline styles or remote images.
// 'Kosh' is the default site name; operators edit these pages in the admin area.
// The bodies are prose, kept in pages/<slug>.html beside this file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type SeedPage = { slug: string; title: string; body: string; seo: { title: string; description: string } };

const body = (slug: string) => readFileSync(join(import.meta.dirname, 'pages', `${slug}.html`), 'utf8').trim();

export const DEFAULT_PAGES: SeedPage[] = [
  {
    slug: 'about-us',
    title: 'About us',
    body: body('about-us'),
    seo: {
      title: 'About us | Kosh',
      description:
        'Kosh is a cloud drive that keeps your files encrypted and stored in India, ' +
        'with 25 GB free and no upload size limit.',
    },
  },
  {
    slug: 'terms-of-service',
    title: 'Terms of service',
    body: body('terms-of-service'),
    seo: {
      title: 'Terms of service | Kosh',
      description:
        'The terms that govern your use of Kosh cloud storage: ' +
        'your account, your content, acceptable use and paid plans.',
    },
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy policy',
    body: body('privacy-policy'),
    seo: {
      title: 'Privacy policy | Kosh',
      description: 'What personal data Kosh collects, why, where it is stored in India and the choices you have.',
    },
  },
  {
    slug: 'articles',
    title: 'Articles',
    body: body('articles'),
    seo: {
      title: 'Articles | Kosh',
      description: 'Practical notes on data residency in India, keeping your files safe and sharing large files.',
    },
  },
];
