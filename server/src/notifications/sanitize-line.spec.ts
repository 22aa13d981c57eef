import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeNotificationHtml } from './sanitize-line.ts';

describe('sanitizeNotificationHtml', () => {
  it('keeps the allow-list and drops everything else', () => {
    expect(sanitizeNotificationHtml('<b>b</b><i>i</i><strong>s</strong><em>e</em><br><span class="x">s</span>')).toBe(
      '<b>b</b><i>i</i><strong>s</strong><em>e</em><br /><span>s</span>',
    );
    expect(
      sanitizeNotificationHtml(
        '<script>alert(1)</script><style>*{}</style><img src=x onerror=alert(1)><svg onload=x></svg>ok',
      ),
    ).toBe('ok');
    expect(
      sanitizeNotificationHtml(
        '<a href="javascript:alert(1)">x</a><a href="//evil.test/x">y</a><a href="data:text/html,x">z</a>',
      ),
    ).toBe('<a>x</a><a>y</a><a>z</a>');
    expect(
      sanitizeNotificationHtml(
        '<a href="https://a.test/p?q=1" onclick="x" target="_blank">a</a><a href="/drive/folders/x">b</a>',
      ),
    ).toBe('<a href="https://a.test/p?q=1">a</a><a href="/drive/folders/x">b</a>');
  });
});

describe('htmlToText', () => {
  it('drops tags and decodes entities', () => {
    expect(htmlToText('<strong>A &amp; B</strong> shared <strong>&#34;x&#34;</strong><br>&lt;ok&gt;')).toBe(
      'A & B shared "x" <ok>',
    );
  });
});
