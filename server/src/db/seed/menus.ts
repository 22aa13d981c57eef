import type { MenuItem, MenuPosition } from '@kosh/contracts';

type SeedMenu = { name: string; positions: MenuPosition[]; items: MenuItem[] };

/** An in-app path; the menu id prefixes the item id so ids stay unique across menus. */
function route(id: string, label: string, action: string, extra: Partial<MenuItem> = {}): MenuItem {
  return { id, label, action, type: 'route', roles: [], permissions: [], settings: {}, ...extra };
}

/** Upgrading and past payments mean something only while billing is on; the plans themselves are public. */
const BILLING_ON = { settings: { 'billing.enable': true } };

/** One menu per position of MENU_POSITIONS; every label is a key of EN_LINES. */
export const DEFAULT_MENUS: SeedMenu[] = [
  {
    name: 'Auth dropdown',
    positions: ['auth-dropdown'],
    items: [
      route('auth-dropdown-my-drive', 'My drive', '/drive'),
      route('auth-dropdown-account-settings', 'Account settings', '/account-settings'),
      route('auth-dropdown-admin-area', 'Admin area', '/admin', { permissions: ['admin.access'] }),
    ],
  },
  {
    name: 'Auth page footer',
    positions: ['auth-page-footer'],
    items: [
      route('auth-page-footer-privacy-policy', 'Privacy policy', '/pages/privacy-policy'),
      route('auth-page-footer-terms-of-service', 'Terms of service', '/pages/terms-of-service'),
      route('auth-page-footer-contact-us', 'Contact us', '/contact'),
    ],
  },
  {
    name: 'Drive navbar',
    positions: ['drive-navbar'],
    items: [
      route('drive-navbar-upgrade', 'Upgrade', '/pricing', { subscriptionStatus: 'unsubscribed', ...BILLING_ON }),
    ],
  },
  {
    name: 'Drive sidebar',
    positions: ['drive-sidebar'],
    items: [
      route('drive-sidebar-payment-history', 'Payment history', '/drive/payment-history', {
        subscriptionStatus: 'subscribed',
        ...BILLING_ON,
      }),
    ],
  },
  {
    name: 'Homepage navbar',
    positions: ['homepage-navbar'],
    items: [
      route('homepage-navbar-features', 'Features', '/#features'),
      route('homepage-navbar-pricing', 'Pricing', '/pricing'),
      route('homepage-navbar-contact-us', 'Contact us', '/contact'),
    ],
  },
  {
    name: 'Shareable link page',
    positions: ['shareable-link-page'],
    items: [route('shareable-link-page-my-drive', 'My drive', '/drive')],
  },
  {
    name: 'Footer',
    positions: ['footer'],
    items: [
      route('footer-home', 'Home', '/'),
      route('footer-features', 'Features', '/#features'),
      route('footer-pricing', 'Pricing', '/pricing'),
      route('footer-articles', 'Articles', '/pages/articles'),
      route('footer-about-us', 'About us', '/pages/about-us'),
      route('footer-contact', 'Contact', '/contact'),
    ],
  },
  {
    name: 'Footer secondary',
    positions: ['footer-secondary'],
    items: [
      route('footer-secondary-terms-of-service', 'Terms of service', '/pages/terms-of-service'),
      route('footer-secondary-privacy-policy', 'Privacy policy', '/pages/privacy-policy'),
      route('footer-secondary-api-docs', 'API docs', '/api-docs', { target: '_blank', permissions: ['api.access'] }),
    ],
  },
];
