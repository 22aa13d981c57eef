import { describe, expect, it } from 'vitest';
import { sanitizeSvg, sanitizeSvgCss } from './svg-sanitizer.ts';

const svg = (body: string, attrs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${attrs}>${body}</svg>`;
/** What is inside the root element (its namespace declarations are addresses too). */
const inner = (out: string | undefined) => out?.replace(/^<svg[^>]*>/, '') ?? '';

describe('sanitizeSvg', () => {
  it('keeps drawing, case and local references', () => {
    const out = sanitizeSvg(
      svg(
        '<defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>' +
          '<rect width="5" height="5" fill="url(#g)"/><use xlink:href="#g"/><text x="1">A &amp; B</text>',
        'viewBox="0 0 10 10"',
      ),
    );
    expect(out).toContain('viewBox="0 0 10 10"');
    expect(out).toContain('<linearGradient id="g">');
    expect(out).toContain('fill="url(#g)"');
    expect(out).toContain('xlink:href="#g"');
    expect(out).toContain('A &amp; B');
  });

  it('drops external, file and relative references in href and xlink:href', () => {
    const out = inner(
      sanitizeSvg(
        svg(
          '<use href="http://127.0.0.1:9/a.svg#x"/><use xlink:href="other.svg#y"/>' +
            '<image xlink:href="file:///etc/passwd" width="5"/><image href="//evil.test/x.png"/>' +
            '<feImage href="https://x.test/a.png"/><a href="javascript:alert(1)"><rect/></a>',
        ),
      ),
    );
    expect(out).not.toMatch(/http|file:|other\.svg|evil|javascript/);
    expect(out).toContain('<image width="5"></image>');
  });

  it('keeps embedded rasters only', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const out = sanitizeSvg(svg(`<image href="${png}"/><image href="data:image/svg+xml;base64,PHN2Zy8+"/>`))!;
    expect(out).toContain(`href="${png}"`);
    expect(out).not.toContain('svg+xml');
  });

  it('removes foreignObject, scripts and event handlers with what is inside them', () => {
    const out = sanitizeSvg(
      svg(
        '<foreignObject><div>html<svg><rect id="inner"/></svg></div></foreignObject>' +
          '<script>alert(1)</script><rect onload="alert(2)" id="kept"/>',
        'onclick="x()"',
      ),
    )!;
    expect(out).not.toMatch(/foreignObject|div|html|inner|script|alert|onload|onclick/);
    expect(out).toContain('id="kept"');
  });

  it('drops the DOCTYPE and leaves entities as text (XXE, billion laughs)', () => {
    const out = sanitizeSvg(
      '<?xml version="1.0"?>\n<!DOCTYPE svg [ <!ENTITY xxe SYSTEM "file:///etc/passwd">' +
        ' <!ENTITY a "aaaaaaaa"> <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;"> ]>\n' +
        svg('<text>&xxe;&b;</text>'),
    )!;
    expect(out.startsWith('<svg ')).toBe(true);
    expect(out).not.toMatch(/DOCTYPE|ENTITY|passwd|<\?xml/);
    expect(out).toContain('<text>&amp;xxe;&amp;b;</text>');
  });

  it('filters CSS in <style> and style attributes, escaping the element text', () => {
    const out = inner(
      sanitizeSvg(
        svg(
          '<style>.a{fill:url(http://x.test/f)} .b{fill:url(#g)} &lt;/style&gt;&lt;image href="x.png"/&gt;</style>' +
            '<style>@import url(http://x.test/a.css);</style><rect style="fill:url(\'file:///etc/passwd\')"/>' +
            '<rect style="fill:red"/><rect filter="url(http://x.test/f#a)"/>',
        ),
      ),
    );
    expect(out).toContain('.a{fill:none} .b{fill:url(#g)}');
    expect(out).toContain('&lt;/style&gt;&lt;image');
    expect(out).not.toMatch(/http|@import|passwd|<image/);
    expect(out).toContain('style="fill:red"');
    expect(out).toContain('<style type="text/css"></style>');
  });

  it('answers undefined when there is no svg root', () => {
    expect(sanitizeSvg('<html><body>no</body></html>')).toBeUndefined();
    expect(sanitizeSvg('plain text')).toBeUndefined();
  });
});

describe('sanitizeSvgCss', () => {
  it('drops CSS with escapes or imports, and non-local url() targets', () => {
    expect(sanitizeSvgCss('fill: u\\72l(http://x)')).toBe('');
    expect(sanitizeSvgCss('@IMPORT "x.css"')).toBe('');
    expect(sanitizeSvgCss('fill:url( "#a" ); stroke:URL(x.png)')).toBe('fill:url( "#a" ); stroke:none');
    expect(sanitizeSvgCss("fill:url('http://a)")).toBe('');
  });
});
