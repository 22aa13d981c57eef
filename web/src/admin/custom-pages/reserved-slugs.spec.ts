import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESERVED_PAGE_SLUGS } from '@kosh/contracts';

const src = path.join(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(src, file), 'utf8');

/** The first segment of every absolute path a route file declares ("/drive/s/:hash" -> "drive"). */
const firstSegments = (text: string) =>
  [...text.matchAll(/path: '\/([^/':?]+)/g)].map((m) => m[1] as string).filter(Boolean);

describe('RESERVED_PAGE_SLUGS', () => {
  it('holds the first segment of every top-level route of the web app', () => {
    const segments = new Set([...firstSegments(read('router.tsx')), ...firstSegments(read('drive/drive-routes.tsx'))]);
    expect(segments.size).toBeGreaterThan(10);
    expect([...segments].filter((s) => !(RESERVED_PAGE_SLUGS as readonly string[]).includes(s))).toEqual([]);
  });

  it('holds the names of the public files served at the root', () => {
    const names = fs.readdirSync(path.join(src, '../public')).map((f) => f.replace(/\.[a-z0-9]+$/i, ''));
    expect(names.filter((n) => !(RESERVED_PAGE_SLUGS as readonly string[]).includes(n))).toEqual([]);
  });
});
