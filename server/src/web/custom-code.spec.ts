import { describe, expect, it } from 'vitest';
import { customHtml, customStyleTag, servesCustomCode } from './custom-code.ts';
import { fillSeoTemplate } from './seo-template.ts';

describe('servesCustomCode', () => {
  it('leaves out sign-in, registration, password resets, link pages and the admin area', () => {
    for (const path of [
      '/login',
      '/register/x',
      '/forgot-password',
      '/password/reset/t',
      '/s/a',
      '/drive/s/a',
      '/admin',
    ])
      expect(servesCustomCode(path), path).toBe(false);
    for (const path of ['/', '/drive', '/pricing', '/pages/login', '/administrators', '/share', '/loginx'])
      expect(servesCustomCode(path), path).toBe(true);
  });
});

describe('customStyleTag', () => {
  it('escapes every "<" so the CSS cannot close its element', () => {
    expect(customStyleTag('a{content:"</style>"}', 'N')).toBe(
      '<style id="be-custom-css" nonce="N">a{content:"\\3c /style>"}</style>',
    );
    expect(customStyleTag(' \n', 'N')).toBe('');
  });
});

describe('customHtml', () => {
  it('gives each script the nonce, whatever its case, and leaves look-alike tags alone', () => {
    expect(customHtml('<script>x</script><SCRIPT src="a.js"></SCRIPT><scripts>', 'N')).toBe(
      '<div id="be-custom-html"><script nonce="N">x</script><script nonce="N" src="a.js"></SCRIPT><scripts></div>',
    );
  });
});

describe('fillSeoTemplate', () => {
  it('fills the known variables in one pass and leaves others', () => {
    const values = { siteName: 'Acme', siteDescription: 'Files', entryName: ':siteName.txt' };
    expect(fillSeoTemplate(':entryName on :siteName (:siteDescription) :other', values)).toBe(
      ':siteName.txt on Acme (Files) :other',
    );
  });
});
