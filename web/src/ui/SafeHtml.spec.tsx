// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SafeHtml, type SafeHtmlProfile } from './SafeHtml.tsx';

function render(html: string, profile?: SafeHtmlProfile) {
  return renderToStaticMarkup(<SafeHtml html={html} profile={profile} />);
}

describe('SafeHtml', () => {
  describe('page profile', () => {
    it('removes script tags and their content', () => {
      expect(render('<p>Hi</p><script>alert(1)</script>', 'page')).toBe('<div><p>Hi</p></div>');
    });

    it('removes event handler attributes', () => {
      expect(render('<img src="/a.png" onerror="alert(1)"><p onclick="alert(2)">x</p>', 'page')).toBe(
        '<div><img src="/a.png"><p>x</p></div>',
      );
    });

    it('removes javascript: URLs and keeps ordinary links', () => {
      expect(render('<a href="javascript:alert(1)">bad</a> <a href="https://kosh.test/help">help</a>', 'page')).toBe(
        '<div><a>bad</a> <a href="https://kosh.test/help">help</a></div>',
      );
    });

    it('keeps the markup of a content page', () => {
      const body = '<h2>Terms</h2><p>Read <strong>this</strong> and <em>that</em>.</p><ul><li>one</li></ul>';
      expect(render(body, 'page')).toBe(`<div>${body}</div>`);
    });

    it('drops SVG, which the HTML profile does not allow', () => {
      expect(render('<p>a</p><svg><circle r="1"></circle></svg>', 'page')).toBe('<div><p>a</p></div>');
    });
  });

  describe('notification-line profile', () => {
    it('is the default and keeps emphasis only, without attributes', () => {
      const html = '<b class="x">Ana</b> shared <strong>Plans</strong><br><em>now</em> <i>and</i> <span>here</span>';
      expect(render(html)).toBe(
        '<div><b>Ana</b> shared <strong>Plans</strong><br><em>now</em> <i>and</i> <span>here</span></div>',
      );
    });

    it('unwraps links to their text, since the row is the control', () => {
      expect(render('Open <a href="/drive">the folder</a>', 'notification-line')).toBe('<div>Open the folder</div>');
    });

    it('strips scripts, handlers and javascript: URLs', () => {
      const html = '<script>alert(1)</script><span onmouseover="alert(2)">x</span><a href="javascript:alert(3)">y</a>';
      expect(render(html, 'notification-line')).toBe('<div><span>x</span>y</div>');
    });
  });

  it('keeps only what a caller allow-list names', () => {
    const allow = { tags: ['a'], attributes: ['href'] };
    const html = '<a href="/x" title="t">x</a><b>y</b><a href="javascript:alert(1)">z</a>';
    expect(renderToStaticMarkup(<SafeHtml html={html} allow={allow} />)).toBe('<div><a href="/x">x</a>y<a>z</a></div>');
  });

  it('renders into the element and class the caller names', () => {
    expect(renderToStaticMarkup(<SafeHtml as="span" className="min-w-0" html="<em>hi</em>" />)).toBe(
      '<span class="min-w-0"><em>hi</em></span>',
    );
  });
});
