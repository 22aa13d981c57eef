import sanitizeHtml from 'sanitize-html';

/**
 * SVG elements that draw or describe a drawing. Absent on purpose: script, foreignObject (HTML inside
 * SVG), animation elements, and anything namespaced or unknown.
 */
// biome-ignore format: one list, grouped by kind
const ELEMENTS = [
  'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'switch', 'a', 'view',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'image',
  'text', 'tspan', 'textPath',
  'linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker',
  'filter', 'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix',
  'feDiffuseLighting', 'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA',
  'feFuncB', 'feFuncG', 'feFuncR', 'feGaussianBlur', 'feImage', 'feMerge', 'feMergeNode', 'feMorphology',
  'feOffset', 'fePointLight', 'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence',
];
/** `<style>` is renamed while sanitising so its text is escaped and filtered like any other (see below). */
const STYLE_STAND_IN = 'kosh-svg-style';
/** Embedded rasters an `<image>` may carry; anything else (SVG in SVG, files, addresses) is dropped. */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;
const URL_REF = /url\s*\(\s*(['"]?)([^'")]*)\1\s*\)/gi;

/** Only references inside the document itself (`#id`) are kept. */
const isLocalRef = (value: string) => /^#[^\s#]*$/.test(value.trim());

/**
 * CSS without a way out: `@import` or an escape (which could spell `url` in disguise) drops the whole
 * text; every `url(...)` that does not point inside the document becomes `none`.
 */
export function sanitizeSvgCss(css: string): string {
  if (/@import|\\|expression\s*\(/i.test(css)) return '';
  const kept = css.replace(URL_REF, (whole, _quote: string, target: string) => (isLocalRef(target) ? whole : 'none'));
  // Whatever still says url( was not a plain url(...) the pattern could read: drop it all.
  return /url\s*\(/i.test(kept.replace(URL_REF, '')) ? '' : kept;
}

/** An attribute kept as it is, changed, or dropped (undefined). */
function cleanAttribute(tag: string, name: string, value: string): string | undefined {
  const local = name.slice(name.indexOf(':') + 1).toLowerCase();
  if (local.startsWith('on') || name === 'xml:base') return undefined;
  if (local === 'href' || local === 'src') {
    if (isLocalRef(value) && tag !== 'image' && tag !== 'feImage') return value;
    if ((tag === 'image' || tag === 'feImage') && DATA_IMAGE.test(value)) return value;
    return undefined;
  }
  if (local === 'style') return sanitizeSvgCss(value) || undefined;
  if (/url\s*\(|\\/i.test(value)) return sanitizeSvgCss(value) || undefined;
  return value;
}

/**
 * The SVG text with nothing that reaches outside it: no external, `file:` or relative references
 * (`href`, `xlink:href`, CSS `url()` and `@import`), no `<foreignObject>`, scripts or event handlers,
 * no DOCTYPE (so no entities: billion laughs, XXE) or processing instructions. What stays is plain
 * drawing, so librsvg has nothing to fetch. `undefined` when no `<svg>` root is left.
 */
export function sanitizeSvg(text: string): string | undefined {
  const clean = sanitizeHtml(text, {
    allowedTags: [...ELEMENTS, STYLE_STAND_IN],
    allowedAttributes: false,
    // XML, as librsvg reads it: case kept (viewBox, linearGradient), `<x/>` closes, entities stay text.
    parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false, recognizeSelfClosing: true },
    disallowedTagsMode: 'discard',
    // Text of dropped containers would be junk in a drawing.
    nonTextTags: ['script', 'style', 'foreignObject', 'textarea', 'option', 'noscript', 'iframe'],
    // foreignObject and scripts go with everything inside them, even SVG.
    exclusiveFilter: (frame) => frame.tag === 'foreignObject' || frame.tag === 'script',
    nestingLimit: 256,
    allowedSchemes: [],
    allowedSchemesByTag: { image: ['data'], feImage: ['data'] },
    allowProtocolRelative: false,
    transformTags: {
      // sanitize-html copies a kept <style>'s text unescaped; the stand-in name makes it escape and
      // filter it (textFilter) instead, and the name is put back below.
      style: (_tag, attribs) => ({ tagName: STYLE_STAND_IN, attribs: { type: attribs.type ?? 'text/css' } }),
      '*': (tagName, attribs) => {
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(attribs)) {
          const cleaned = cleanAttribute(tagName, name, value);
          if (cleaned !== undefined) kept[name] = cleaned;
        }
        return { tagName, attribs: kept };
      },
    },
    // The tag named here is the source's (`style`), before the rename.
    textFilter: (escaped, tag) => (tag === 'style' || tag === STYLE_STAND_IN ? sanitizeSvgCss(escaped) : escaped),
    // Empty elements come out as <x></x>, which is the same XML; a self-closing list would drop children.
    selfClosing: [],
  });
  const start = clean.search(/<svg[\s>/]/);
  // Text before the root (leftovers of a DOCTYPE's internal subset) would make the XML invalid.
  if (start < 0) return undefined;
  return clean.slice(start).replaceAll(`<${STYLE_STAND_IN}`, '<style').replaceAll(`</${STYLE_STAND_IN}>`, '</style>');
}
