import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

/**
 * The currency signs Inter's latin-ext file holds (U+20A0-20C0 but the euro, which the latin file
 * has). Kept in step with the unicode-range of the "Inter" currency face in src/styles/fonts.css.
 */
export const CURRENCY_SIGNS = Array.from({ length: 0x20c0 - 0x20a0 + 1 }, (_, i) => 0x20a0 + i).filter(
  (code) => code !== 0x20ac,
);

/** Where the build writes the currency face (git ignores the folder). */
export const CURRENCY_FACE = path.resolve(
  import.meta.dirname,
  '../src/styles/generated/inter-currency-wght-normal.woff2',
);

const require = createRequire(import.meta.url);

/** The currency signs of the installed Inter, as a variable WOFF2 of their own. */
export async function currencyFace(): Promise<Buffer> {
  const latinExt = await readFile(
    require.resolve('@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2'),
  );
  return subsetFont(latinExt, String.fromCodePoint(...CURRENCY_SIGNS), { targetFormat: 'woff2' });
}

/**
 * Prices show the rupee sign (₹) on the landing, pricing and billing pages, and it sits in Inter's
 * latin-ext file: a page paid 85 KB of font for that one glyph. The build cuts the currency signs
 * out of the installed Inter into a face of about 8 KB before the styles are read, so the file
 * always matches the Inter that ships.
 */
export function fontSubsets(): Plugin {
  return {
    name: 'kosh-font-subsets',
    async buildStart() {
      const face = await currencyFace();
      const current = await readFile(CURRENCY_FACE).catch(() => undefined);
      // Written only when it changes, so the dev server's watcher does not rebuild for nothing.
      if (current?.equals(face)) return;
      await mkdir(path.dirname(CURRENCY_FACE), { recursive: true });
      await writeFile(CURRENCY_FACE, face);
    },
  };
}
