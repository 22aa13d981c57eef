import { describe, it, expect } from 'vitest';
import { MENU_POSITIONS } from '@kosh/contracts';
import { EN_LINES, EN_SECTIONS } from './lines-en.ts';
import { HI_LINES } from './lines-hi.ts';
import { DEFAULT_LOCALIZATIONS } from './localizations.ts';
import { DEFAULT_MENUS } from './menus.ts';
import { DEFAULT_PAGES } from './pages.ts';
import { DEFAULT_THEMES } from './themes.ts';

const placeholders = (text: string) => (text.match(/:[A-Za-z]+/g) ?? []).sort();

describe('EN_LINES', () => {
  it('maps every line to itself', () => {
    for (const [key, value] of Object.entries(EN_LINES)) expect(value).toBe(key);
  });

  it('holds the spec strings with their placeholders', () => {
    for (const line of [
      'Enter the verification code we sent to :email',
      'I accept the :name',
      ':count vendor frames',
      '1 vendor frame',
      'To join your team on :siteName, create an account',
      ':used of :available used',
      "Looks like you've found the doorway to the great nothing",
      'Unexpected Application Error!',
    ]) {
      expect(EN_LINES[line]).toBe(line);
    }
  });
});

describe('HI_LINES', () => {
  it('only translates lines that exist in English', () => {
    expect(Object.keys(HI_LINES).filter((key) => !(key in EN_LINES))).toEqual([]);
  });

  it('keeps the placeholders of each line verbatim', () => {
    for (const [key, value] of Object.entries(HI_LINES))
      expect([key, placeholders(value)]).toEqual([key, placeholders(key)]);
  });

  it('translates every shell string', () => {
    const shell = [
      'navbarAndAccountMenu',
      'cookieNotice',
      'developerErrorDialog',
      'notFoundPage',
      'login',
      'register',
      'otherAuthScreens',
      'errorsAndMessages',
      'formValidation',
    ].flatMap((section) => EN_SECTIONS[section]);
    const drive = [
      'Home',
      'Shared with me',
      'Recent',
      'Starred',
      'Trash',
      'Upload files',
      'Upload folder',
      'New folder',
      'New',
    ];
    const footer = ['All rights reserved', 'Copyright © :year :siteName, All rights reserved', 'Language', 'Theme'];
    expect([...shell, ...drive, ...footer].filter((line) => !HI_LINES[line])).toEqual([]);
  });
});

describe('DEFAULT_LOCALIZATIONS', () => {
  it('ships English and Hindi', () => {
    expect(DEFAULT_LOCALIZATIONS.map((l) => [l.language, l.name])).toEqual([
      ['en', 'English'],
      ['hi', 'हिन्दी'],
    ]);
  });
});

describe('DEFAULT_MENUS', () => {
  const items = DEFAULT_MENUS.flatMap((menu) => menu.items);

  it('has one menu per position', () => {
    expect(DEFAULT_MENUS.flatMap((menu) => menu.positions).sort()).toEqual([...MENU_POSITIONS].sort());
  });

  it('labels every item with a line of EN_LINES', () => {
    expect(items.map((item) => item.label).filter((label) => !(label in EN_LINES))).toEqual([]);
  });

  it('gives every item a unique id', () => {
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
  });

  it('uses routes for in-app paths and links for absolute URLs', () => {
    for (const item of items) expect(item.type).toBe(/^[a-z]+:\/\//i.test(item.action) ? 'link' : 'route');
  });

  it('offers upgrading and payment history only while billing is on', () => {
    const billing = items.filter((item) => item.action === '/drive/payment-history' || item.label === 'Upgrade');
    expect(billing.map((item) => item.id)).toEqual(['drive-navbar-upgrade', 'drive-sidebar-payment-history']);
    for (const item of billing) expect(item.settings).toEqual({ 'billing.enable': true });
  });
});

describe('DEFAULT_PAGES', () => {
  it('has the footer pages', () => {
    expect(DEFAULT_PAGES.map((p) => p.slug)).toEqual(['about-us', 'terms-of-service', 'privacy-policy', 'articles']);
  });

  it('contains no scripts, inline styles, handlers or images', () => {
    for (const page of DEFAULT_PAGES) {
      expect(page.body).not.toMatch(/<script|<iframe|<img|style=|\son[a-z]+=|javascript:/i);
    }
  });
});

describe('DEFAULT_THEMES', () => {
  it('has a default light and a default dark theme with the same tokens', () => {
    const [light, dark] = DEFAULT_THEMES;
    expect([light.default_light, dark.default_dark, dark.is_dark]).toEqual([true, true, true]);
    expect(Object.keys(dark.values)).toEqual(Object.keys(light.values));
    expect(light.values['--kosh-primary']).toBe('#1a73e8');
    expect(dark.values['--kosh-primary']).toBe('#8ab4f8');
  });
});
