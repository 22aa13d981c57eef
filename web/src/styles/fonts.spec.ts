import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Blob as FontBlob, Face } from 'harfbuzzjs';
import subsetFont from 'subset-font';
import { describe, expect, it } from 'vitest';
import { CURRENCY_SIGNS, currencyFace } from '../../build/font-subsets.ts';

const require = createRequire(import.meta.url);
const css = readFileSync(new URL('./fonts.css', import.meta.url), 'utf8');

/** The code points a font file maps (harfbuzz reads TrueType, so WOFF2 is unpacked first). */
async function codePoints(font: Buffer): Promise<Set<number>> {
  const everything = String.fromCodePoint(...Array.from({ length: 0x2fff }, (_, i) => i + 1));
  const sfnt = await subsetFont(font, everything, { targetFormat: 'truetype' });
  return new Set(new Face(new FontBlob(sfnt)).collectUnicodes());
}

/** Each "Inter" @font-face of fonts.css: its file and the code points of its unicode-range. */
function interFaces(): { src: string; codes: Set<number> }[] {
  return [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)]
    .map((m) => m[1])
    .filter((body) => /font-family:\s*"Inter";/.test(body))
    .map((body) => {
      const codes = new Set<number>();
      const range = /unicode-range:([^;]*);/.exec(body)?.[1] ?? '';
      for (const [, from, to] of range.matchAll(/U\+([0-9A-F]+)(?:-([0-9A-F]+))?/gi)) {
        for (let code = parseInt(from, 16); code <= parseInt(to ?? from, 16); code++) codes.add(code);
      }
      return { src: /url\("([^"]+)"\)/.exec(body)?.[1] ?? '', codes };
    });
}

describe('the currency face cut out of Inter', () => {
  it('holds every currency sign latin-ext has, the rupee among them, in a small file', async () => {
    const latinExt = readFileSync(
      require.resolve('@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2'),
    );
    const face = await currencyFace();
    const inLatinExt = [...(await codePoints(latinExt))].filter((code) => CURRENCY_SIGNS.includes(code));
    expect(inLatinExt).toContain(0x20b9);
    expect([...(await codePoints(face))].filter((code) => code > 0x20)).toEqual(inLatinExt);
    expect(face.length).toBeLessThan(12 * 1024);
    expect(latinExt.length).toBeGreaterThan(60 * 1024);
  });

  it('is the only Inter face fonts.css gives the currency signs, so a price fetches no latin-ext', () => {
    const faces = interFaces();
    const currency = faces.filter((face) => face.src.includes('inter-currency'));
    expect(currency).toHaveLength(1);
    expect([...currency[0].codes]).toEqual(CURRENCY_SIGNS);
    for (const face of faces.filter((f) => f !== currency[0])) {
      expect(
        CURRENCY_SIGNS.filter((code) => face.codes.has(code)),
        face.src,
      ).toEqual([]);
    }
    expect(faces.find((face) => face.src.includes('latin-ext'))?.codes.has(0x0142)).toBe(true);
  });
});
