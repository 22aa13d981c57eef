import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE } from '@kosh/contracts';
import { DEFAULT_THEMES } from '../../src/db/seed/themes.ts';
import { routeCatalogOf } from '../../src/http/route-catalog.ts';
import { newAgent } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { Person } from '../shares/sharing.ts';
import { inviteNotifications, Member } from '../workspaces/workspaces.ts';

/** Real objects of one owner, so that anonymous calls hit rows that exist rather than 404 by luck. */
type Fixture = {
  userId: number;
  folderHash: string;
  fileId: number;
  fileHash: string;
  shareId: number;
  linkHash: string;
  workspaceId: number;
  inviteId: string;
  memberId: number;
  productId: number;
  roleId: number;
};

/** A request of one route with minimal valid params and body; `public` gives the reason it needs no caller. */
type Case = { url: string; body?: unknown; public?: string; serverToServer?: string };

const NEW_PASSWORD = { password: 'a long new password 1', password_confirmation: 'a long new password 1' };
const ENQUIRY = { name: 'x', email: 'x@example.test', mobileNumber: '5550100200', message: 'x' };
const PLAN = {
  name: 'Plan',
  available_space: 1024,
  prices: [{ amount: 10, currency: 'INR', interval: 'month', interval_count: 1 }],
};
const THEME_BODY = {
  name: 'T',
  is_dark: false,
  default_light: false,
  default_dark: false,
  values: DEFAULT_THEMES[0].values,
};
const MENU_BODY = { name: 'M', positions: [], items: [] };
const DOCS = 'The OpenAPI document and its viewer describe the API; they hold no user data.';

function casesOf(f: Fixture): Record<string, Case> {
  const ws = `/api/v1/workspace/${f.workspaceId}`;
  const entry = `/api/v1/file-entries/${f.fileId}`;
  const link = `/api/v1/shareable-links/${f.linkHash}`;
  const s3 = { key: 'k', uploadId: 'u' };
  return {
    'GET /api-docs': { url: '/api-docs', public: DOCS },
    'GET /api-docs/static/index.html': { url: '/api-docs/static/index.html', public: DOCS },
    'GET /api-docs/static/swagger-initializer.js': { url: '/api-docs/static/swagger-initializer.js', public: DOCS },
    'GET /api-docs/json': { url: '/api-docs/json', public: DOCS },
    'GET /api-docs/yaml': { url: '/api-docs/yaml', public: DOCS },
    'GET /api-docs/static/*': { url: '/api-docs/static/index.css', public: DOCS },
    'GET /api-docs/static/theme/kosh.css': { url: '/api-docs/static/theme/kosh.css', public: DOCS },
    'GET /api-docs/static/theme/favicon.svg': { url: '/api-docs/static/theme/favicon.svg', public: DOCS },
    'GET /health': { url: '/health', public: 'Load balancers probe it; it answers only status and dialect.' },
    'GET /': { url: '/', public: 'The web app shell, the same for everyone.' },
    'GET /sitemap.xml': { url: '/sitemap.xml', public: 'Crawlers read the public pages from it.' },
    'GET /robots.txt': { url: '/robots.txt', public: 'Tells crawlers what to leave alone.' },
    'GET /manifest.webmanifest': {
      url: '/manifest.webmanifest',
      public: 'Browsers install the site with it: its name, icons and colours.',
    },
    'GET /ads/:slot': { url: '/ads/landing_top', public: 'An ad slot’s frame: the ad code staff set, for visitors.' },
    'GET /ads/preview': { url: '/ads/preview', public: 'An empty ad frame the admin area fills with unsaved code.' },
    'POST /auth/logout': { url: '/auth/logout', public: 'Ends whatever session the caller has; none is a no-op.' },
    'POST /auth/login': { url: '/auth/login', body: { email: 'x@example.test', password: 'x' }, public: 'Sign-in.' },
    'POST /auth/two-factor-challenge': {
      url: '/auth/two-factor-challenge',
      body: { code: '123456' },
      public: 'Second sign-in step; it answers only to the pending login of the same browser.',
    },
    'POST /auth/register': {
      url: '/auth/register',
      body: { email: 'new@example.test', ...NEW_PASSWORD },
      public: 'Registration.',
    },
    'POST /auth/forgot-password': {
      url: '/auth/forgot-password',
      body: { email: 'x@example.test' },
      public: 'Asks for a reset mail; the same answer for any address.',
    },
    'POST /auth/reset-password': {
      url: '/auth/reset-password',
      body: { token: 'x', email: 'x@example.test', ...NEW_PASSWORD },
      public: 'Proven by the token of the reset mail.',
    },
    'PUT /auth/user/password': { url: '/auth/user/password', body: { current_password: 'x', ...NEW_PASSWORD } },
    'POST /auth/user/confirm-password': { url: '/auth/user/confirm-password', body: { password: 'x' } },
    'GET /auth/user/confirmed-password-status': { url: '/auth/user/confirmed-password-status' },
    'POST /auth/user/two-factor-authentication': { url: '/auth/user/two-factor-authentication' },
    'DELETE /auth/user/two-factor-authentication': { url: '/auth/user/two-factor-authentication' },
    'GET /auth/user/two-factor/qr-code': { url: '/auth/user/two-factor/qr-code' },
    'POST /auth/user/confirmed-two-factor-authentication': {
      url: '/auth/user/confirmed-two-factor-authentication',
      body: { code: '123456' },
    },
    'POST /auth/user/two-factor-recovery-codes': { url: '/auth/user/two-factor-recovery-codes' },
    'GET /secure/auth/social/:service/login': {
      url: '/secure/auth/social/google/login',
      public: 'Starts a social sign-in (a page that reports a disabled provider).',
    },
    'GET /secure/auth/social/:service/connect': {
      url: '/secure/auth/social/google/connect',
      public: 'Starts linking a provider; the callback refuses a visitor.',
    },
    'GET /secure/auth/social/:service/callback': {
      url: '/secure/auth/social/google/callback',
      public: "The provider's redirect back; proven by the state cookie and the provider's code.",
    },
    'POST /secure/auth/social/connect': { url: '/secure/auth/social/connect', body: { password: 'x' } },
    'POST /secure/auth/social/:service/disconnect': { url: '/secure/auth/social/google/disconnect' },
    'GET /api/v1/bootstrap-data': {
      url: '/api/v1/bootstrap-data',
      public: 'What the web app needs to start, for visitors too (user null).',
    },
    'GET /api/v1/custom-pages/:idOrSlug': {
      url: '/api/v1/custom-pages/about-us',
      public: 'Pages the operator publishes (about, terms).',
    },
    'GET /api/v1/value-lists/:names': {
      url: '/api/v1/value-lists/countries',
      public: 'Fixed lists (countries, timezones) the registration form needs.',
    },
    'POST /api/v1/users/me/locale': {
      url: '/api/v1/users/me/locale',
      body: { locale: 'en' },
      public: "A visitor's language choice; it touches no account.",
    },
    'GET /api/v1/logs/error/download-latest': { url: '/api/v1/logs/error/download-latest' },
    'GET /api/v1/settings': { url: '/api/v1/settings' },
    'PUT /api/v1/settings': { url: '/api/v1/settings', body: { settings: { 'site.name': 'x' } } },
    'DELETE /api/v1/settings/:key': { url: '/api/v1/settings/site.name' },
    'POST /api/v1/settings/mail/test': { url: '/api/v1/settings/mail/test' },
    'POST /api/v1/validate-email-verification-otp': {
      url: '/api/v1/validate-email-verification-otp',
      body: { code: '123456' },
    },
    'POST /api/v1/resend-email-verification': {
      url: '/api/v1/resend-email-verification',
      body: { email: 'x@example.test' },
      public: 'Re-sends the code of a pending registration; the same answer for any address.',
    },
    'GET /api/v1/user-sessions': { url: '/api/v1/user-sessions' },
    'POST /api/v1/user-sessions/logout-other': { url: '/api/v1/user-sessions/logout-other', body: { password: 'x' } },
    'POST /api/v1/access-tokens': { url: '/api/v1/access-tokens', body: { tokenName: 'x' } },
    'DELETE /api/v1/access-tokens/:id': { url: '/api/v1/access-tokens/1' },
    'POST /api/v1/recaptcha/verify': {
      url: '/api/v1/recaptcha/verify',
      body: { token: 'x' },
      public: 'Checks a captcha answer before sign-in or registration.',
    },
    'POST /api/v1/contact-page': {
      url: '/api/v1/contact-page',
      body: ENQUIRY,
      public: 'The contact form of the public site; the human check and per-address limits guard it.',
    },
    'POST /api/v1/reseller': {
      url: '/api/v1/reseller',
      body: ENQUIRY,
      public: 'The reseller form of the landing page; the human check and per-address limits guard it.',
    },
    'GET /api/v1/me': { url: '/api/v1/me' },
    'PUT /api/v1/users/skipCounter': { url: '/api/v1/users/skipCounter' },
    'GET /api/v1/users/:id': { url: `/api/v1/users/${f.userId}` },
    'PUT /api/v1/users/:id': { url: `/api/v1/users/${f.userId}`, body: { first_name: 'x' } },
    'DELETE /api/v1/users/:id': { url: `/api/v1/users/${f.userId}` },
    'POST /api/v1/users/:id/avatar': { url: `/api/v1/users/${f.userId}/avatar`, body: { url: 'http://x.test/a' } },
    'DELETE /api/v1/users/:id/avatar': { url: `/api/v1/users/${f.userId}/avatar` },
    'GET /api/v1/avatars/:file': {
      url: '/api/v1/avatars/x.png',
      public: 'Avatars show beside shared entries and in link pages; the name is unguessable.',
    },
    'GET /api/v1/drive/file-entries': { url: '/api/v1/drive/file-entries' },
    'GET /api/v1/drive/folders/:hash/path': { url: `/api/v1/drive/folders/${f.folderHash}/path` },
    'GET /api/v1/file-entries/:hash': { url: `/api/v1/file-entries/${f.fileHash}` },
    'POST /api/v1/folders': { url: '/api/v1/folders', body: { name: 'x' } },
    'PUT /api/v1/file-entries/:entryId': { url: entry, body: { name: 'x' } },
    'POST /api/v1/file-entries/move': { url: '/api/v1/file-entries/move', body: { entryIds: [f.fileId] } },
    'POST /api/v1/file-entries/copy': { url: '/api/v1/file-entries/copy', body: { entryIds: [f.fileId] } },
    'POST /api/v1/file-entries/star': { url: '/api/v1/file-entries/star', body: { entryIds: [f.fileId] } },
    'POST /api/v1/file-entries/tags': {
      url: '/api/v1/file-entries/tags',
      body: { entryIds: [f.fileId], tags: ['xx'] },
    },
    'POST /api/v1/file-entries/tags/remove': {
      url: '/api/v1/file-entries/tags/remove',
      body: { entryIds: [f.fileId], tagIds: [1] },
    },
    'GET /api/v1/tags': { url: '/api/v1/tags?query=x' },
    'POST /api/v1/file-entries/unstar': { url: '/api/v1/file-entries/unstar', body: { entryIds: [f.fileId] } },
    'GET /api/v1/user/space-usage': { url: '/api/v1/user/space-usage' },
    'POST /api/v1/file-entries/delete': { url: '/api/v1/file-entries/delete', body: { entryIds: [f.fileId] } },
    'POST /api/v1/file-entries/bulk': {
      url: '/api/v1/file-entries/bulk',
      body: { action: 'trash', selection: { place: 'folder', folderId: null } },
    },
    'POST /api/v1/file-entries/restore': { url: '/api/v1/file-entries/restore', body: { entryIds: [f.fileId] } },
    'POST /api/v1/file-entries/empty-trash': { url: '/api/v1/file-entries/empty-trash' },
    'POST /api/v1/file-entries': { url: '/api/v1/file-entries', body: {} },
    'GET /api/v1/file-entries/:hash/download': { url: `/api/v1/file-entries/${f.fileHash}/download` },
    'GET /api/v1/file-entries/download': { url: `/api/v1/file-entries/download?hashes=${f.fileHash}` },
    'GET /api/v1/file-entries/:hash/thumbnail': { url: `/api/v1/file-entries/${f.fileHash}/thumbnail` },
    'GET /api/v1/file-entries/:entryId/shares': { url: `${entry}/shares` },
    'POST /api/v1/file-entries/shares': {
      url: '/api/v1/file-entries/shares',
      body: { entryIds: [f.fileId], emails: ['x@example.test'], permission: 'view' },
    },
    'PUT /api/v1/file-entries/shares/:shareId': {
      url: `/api/v1/file-entries/shares/${f.shareId}`,
      body: { permission: 'edit' },
    },
    'DELETE /api/v1/file-entries/shares/:shareId': { url: `/api/v1/file-entries/shares/${f.shareId}` },
    'POST /api/v1/file-entries/shares/leave': {
      url: '/api/v1/file-entries/shares/leave',
      body: { entryIds: [f.fileId] },
    },
    'GET /api/v1/file-entries/:entryId/shareable-link': { url: `${entry}/shareable-link` },
    'POST /api/v1/file-entries/:entryId/shareable-link': { url: `${entry}/shareable-link`, body: {} },
    'PUT /api/v1/file-entries/:entryId/shareable-link': { url: `${entry}/shareable-link`, body: {} },
    'DELETE /api/v1/file-entries/:entryId/shareable-link': { url: `${entry}/shareable-link` },
    'GET /api/v1/me/workspaces': { url: '/api/v1/me/workspaces' },
    'PUT /api/v1/me/workspace': { url: '/api/v1/me/workspace', body: { workspaceId: 0 } },
    'POST /api/v1/workspace': { url: '/api/v1/workspace', body: { name: 'x' } },
    'GET /api/v1/workspace/:id': { url: ws },
    'PUT /api/v1/workspace/:id': { url: ws, body: { name: 'x' } },
    'DELETE /api/v1/workspace/:id': { url: ws },
    'POST /api/v1/workspace/:id/invite': {
      url: `${ws}/invite`,
      body: { emails: ['x@example.test'], role: 'viewer' },
    },
    'DELETE /api/v1/workspace/:id/invite/:inviteId': { url: `${ws}/invite/${f.inviteId}` },
    'PUT /api/v1/workspace/:id/member/:userId': { url: `${ws}/member/${f.memberId}`, body: { role: 'editor' } },
    'DELETE /api/v1/workspace/:id/member/:userId': { url: `${ws}/member/${f.memberId}` },
    'POST /api/v1/workspace/:id/leave': { url: `${ws}/leave` },
    'GET /api/v1/workspace/join/:inviteId': { url: `/api/v1/workspace/join/${f.inviteId}` },
    'DELETE /api/v1/workspace/invite/:inviteId': { url: `/api/v1/workspace/invite/${f.inviteId}` },
    'GET /api/v1/shareable-links/:hash': { url: link, public: 'A link is public by design: its hash is the key.' },
    'POST /api/v1/shareable-links/:hash/password': {
      url: `${link}/password`,
      body: { password: 'x' },
      public: 'Unlocks a password-protected link for a visitor.',
    },
    'GET /api/v1/shareable-links/:hash/entries/:entryHash/download': {
      url: `${link}/entries/${f.fileHash}/download`,
      public: 'A visitor of a link downloads what it shows.',
    },
    'GET /api/v1/shareable-links/:hash/entries/:entryHash/thumbnail': {
      url: `${link}/entries/${f.fileHash}/thumbnail`,
      public: 'A visitor of a link sees thumbnails of what it shows.',
    },
    'GET /api/v1/shareable-links/:hash/download': {
      url: `${link}/download`,
      public: 'A visitor of a link downloads what it shows.',
    },
    'POST /api/v1/shareable-links/:hash/save': { url: `${link}/save`, body: {} },
    'POST /api/v1/shareable-links/:hash/upload': {
      url: `${link}/upload`,
      body: {},
      public: 'A link with edit permission takes uploads from visitors; the link refuses otherwise.',
    },
    'POST /api/v1/tus/upload': { url: '/api/v1/tus/upload' },
    'PATCH /api/v1/tus/upload': { url: '/api/v1/tus/upload' },
    'DELETE /api/v1/tus/upload': { url: '/api/v1/tus/upload' },
    'POST /api/v1/tus/upload/:uploadId': { url: '/api/v1/tus/upload/abc' },
    'PATCH /api/v1/tus/upload/:uploadId': { url: '/api/v1/tus/upload/abc' },
    'DELETE /api/v1/tus/upload/:uploadId': { url: '/api/v1/tus/upload/abc' },
    'POST /api/v1/tus/entries': { url: '/api/v1/tus/entries', body: { uploadKey: 'abc' } },
    'POST /api/v1/s3/simple/presign': { url: '/api/v1/s3/simple/presign', body: { filename: 'a.txt', size: 1 } },
    'POST /api/v1/s3/entries': { url: '/api/v1/s3/entries', body: { key: 'k' } },
    'POST /api/v1/s3/multipart/create': { url: '/api/v1/s3/multipart/create', body: { filename: 'a.txt', size: 1 } },
    'POST /api/v1/s3/multipart/get-uploaded-parts': { url: '/api/v1/s3/multipart/get-uploaded-parts', body: s3 },
    'POST /api/v1/s3/multipart/batch-sign-part-urls': {
      url: '/api/v1/s3/multipart/batch-sign-part-urls',
      body: { ...s3, partNumbers: [1] },
    },
    'POST /api/v1/s3/multipart/complete': {
      url: '/api/v1/s3/multipart/complete',
      body: { ...s3, parts: [{ PartNumber: 1, ETag: 'e' }] },
    },
    'POST /api/v1/s3/multipart/abort': { url: '/api/v1/s3/multipart/abort', body: s3 },
    'GET /api/v1/notifications': { url: '/api/v1/notifications' },
    'POST /api/v1/notifications/mark-as-read': { url: '/api/v1/notifications/mark-as-read', body: { all: true } },
    'DELETE /api/v1/notifications/clear': { url: '/api/v1/notifications/clear' },
    'GET /api/v1/notifications/me/subscriptions': { url: '/api/v1/notifications/me/subscriptions' },
    'PUT /api/v1/notifications/me/subscriptions': {
      url: '/api/v1/notifications/me/subscriptions',
      body: { selections: [] },
    },
    'POST /api/v1/notifications/push-subscriptions': {
      url: '/api/v1/notifications/push-subscriptions',
      body: { endpoint: 'https://push.example.test/x', keys: { p256dh: 'x', auth: 'x' } },
    },
    'DELETE /api/v1/notifications/push-subscriptions': {
      url: '/api/v1/notifications/push-subscriptions',
      body: { endpoint: 'https://push.example.test/x' },
    },
    'GET /api/v1/notifications/stream': { url: '/api/v1/notifications/stream' },
    'GET /api/v1/billing/products': {
      url: '/api/v1/billing/products?loader=pricingPage',
      public: 'The plans and prices of the pricing page, for visitors too; hidden plans are never listed.',
    },
    'POST /api/v1/billing/products': { url: '/api/v1/billing/products', body: PLAN },
    'GET /api/v1/billing/gateways': {
      url: '/api/v1/billing/gateways',
      public: 'Which payment gateways the checkout page offers (names only, never keys).',
    },
    'POST /api/v1/billing/checkout': {
      url: '/api/v1/billing/checkout',
      body: { product_id: f.productId, price_id: 1, gateway: 'stripe' },
    },
    'POST /api/v1/billing/checkout/stripe/confirm': {
      url: '/api/v1/billing/checkout/stripe/confirm',
      body: { session_id: 'cs_unknown' },
    },
    'POST /api/v1/billing/checkout/paypal/confirm': {
      url: '/api/v1/billing/checkout/paypal/confirm',
      body: { subscription_id: 'I-UNKNOWN' },
    },
    'GET /api/v1/billing/subscription': { url: '/api/v1/billing/subscription' },
    'POST /api/v1/billing/subscription/cancel': { url: '/api/v1/billing/subscription/cancel' },
    'POST /api/v1/billing/subscription/resume': { url: '/api/v1/billing/subscription/resume' },
    'GET /api/v1/billing/invoices': { url: '/api/v1/billing/invoices' },
    'POST /api/v1/billing/payment-method': { url: '/api/v1/billing/payment-method' },
    'POST /api/v1/billing/subscription/change-plan/paypal/confirm': {
      url: '/api/v1/billing/subscription/change-plan/paypal/confirm',
      body: { subscription_id: 'I-UNKNOWN' },
    },
    'GET /api/v1/billing/coupons': { url: '/api/v1/billing/coupons' },
    'POST /api/v1/billing/coupons': {
      url: '/api/v1/billing/coupons',
      body: { code: 'SPRING20', name: 'Spring', percent_off: 20, duration: 'once' },
    },
    'POST /api/v1/billing/coupons/sync': { url: '/api/v1/billing/coupons/sync' },
    'PUT /api/v1/billing/coupons/:couponId': {
      url: '/api/v1/billing/coupons/1',
      body: { name: 'Renamed', active: true },
    },
    'DELETE /api/v1/billing/coupons/:couponId': { url: '/api/v1/billing/coupons/1' },
    'POST /api/v1/billing/payment-method/confirm': {
      url: '/api/v1/billing/payment-method/confirm',
      body: { session_id: 'cs_unknown' },
    },
    'POST /api/v1/billing/subscription/change-plan/preview': {
      url: '/api/v1/billing/subscription/change-plan/preview',
      body: { product_id: f.productId, price_id: 1 },
    },
    'POST /api/v1/billing/subscription/change-plan': {
      url: '/api/v1/billing/subscription/change-plan',
      body: { product_id: f.productId, price_id: 1 },
    },
    'GET /api/v1/billing/invoices/:invoiceId': { url: '/api/v1/billing/invoices/1' },
    'GET /api/v1/billing/invoices/:invoiceId/pdf': { url: '/api/v1/billing/invoices/1/pdf' },
    'POST /api/v1/billing/webhooks/stripe': {
      url: '/api/v1/billing/webhooks/stripe',
      body: { id: 'evt_forged', type: 'invoice.paid' },
      public: 'Stripe calls it: the signature over the body proves the sender; without one it answers 400.',
      serverToServer: 'No browser session calls it, so it takes no CSRF token; unsigned calls answer 400.',
    },
    'POST /api/v1/billing/webhooks/paypal': {
      url: '/api/v1/billing/webhooks/paypal',
      body: { id: 'WH-forged', event_type: 'PAYMENT.SALE.COMPLETED', resource: {} },
      public: 'PayPal calls it: PayPal confirms the signature headers for the body; without them it answers 400.',
      serverToServer: 'No browser session calls it, so it takes no CSRF token; unsigned calls answer 400.',
    },
    'PUT /api/v1/billing/products/:productId': { url: `/api/v1/billing/products/${f.productId}`, body: PLAN },
    'DELETE /api/v1/billing/products/:productId': { url: `/api/v1/billing/products/${f.productId}` },
    'GET /api/v1/admin/report': { url: '/api/v1/admin/report' },
    'GET /api/v1/admin/audit-log': { url: '/api/v1/admin/audit-log' },
    'GET /api/v1/admin/subscriptions': { url: '/api/v1/admin/subscriptions' },
    'GET /api/v1/admin/queue': { url: '/api/v1/admin/queue' },
    'GET /api/v1/file-entries/shares/suggestions': { url: '/api/v1/file-entries/shares/suggestions?query=a' },
    'POST /api/v1/admin/queue/:jobId/retry': { url: '/api/v1/admin/queue/1/retry' },
    'POST /api/v1/admin/subscriptions': {
      url: '/api/v1/admin/subscriptions',
      body: { user_id: f.userId, product_id: f.productId, ends_on: '2999-01-01' },
    },
    'GET /api/v1/admin/subscriptions/:id': { url: '/api/v1/admin/subscriptions/1' },
    'POST /api/v1/admin/subscriptions/:id/cancel': { url: '/api/v1/admin/subscriptions/1/cancel', body: {} },
    'POST /api/v1/admin/subscriptions/:id/resume': { url: '/api/v1/admin/subscriptions/1/resume' },
    'GET /api/v1/admin/custom-pages': { url: '/api/v1/admin/custom-pages' },
    'GET /api/v1/admin/custom-pages/:id': { url: '/api/v1/admin/custom-pages/1' },
    'POST /api/v1/admin/custom-pages': {
      url: '/api/v1/admin/custom-pages',
      body: { title: 'T', slug: 'some-page', body: '<p>x</p>' },
    },
    'PUT /api/v1/admin/custom-pages/:id': {
      url: '/api/v1/admin/custom-pages/1',
      body: { title: 'T', slug: 'some-page', body: '<p>x</p>' },
    },
    'POST /api/v1/admin/custom-pages/delete': { url: '/api/v1/admin/custom-pages/delete', body: { ids: [1] } },
    'POST /api/v1/admin/custom-pages/images': { url: '/api/v1/admin/custom-pages/images', body: { file: 'x' } },
    'GET /api/v1/custom-pages/images/:name': {
      url: '/api/v1/custom-pages/images/00000000-0000-0000-0000-000000000000.webp',
      public: 'Images shown in the public custom pages; names are random.',
    },
    'GET /api/v1/admin/appearance/themes': { url: '/api/v1/admin/appearance/themes' },
    'POST /api/v1/admin/appearance/themes': { url: '/api/v1/admin/appearance/themes', body: THEME_BODY },
    'PUT /api/v1/admin/appearance/themes/:id': { url: '/api/v1/admin/appearance/themes/1', body: THEME_BODY },
    'POST /api/v1/admin/appearance/themes/:id/duplicate': { url: '/api/v1/admin/appearance/themes/1/duplicate' },
    'DELETE /api/v1/admin/appearance/themes/:id': { url: '/api/v1/admin/appearance/themes/1' },
    'GET /api/v1/admin/appearance/menus': { url: '/api/v1/admin/appearance/menus' },
    'POST /api/v1/admin/appearance/menus': { url: '/api/v1/admin/appearance/menus', body: MENU_BODY },
    'PUT /api/v1/admin/appearance/menus/:id': { url: '/api/v1/admin/appearance/menus/1', body: MENU_BODY },
    'DELETE /api/v1/admin/appearance/menus/:id': { url: '/api/v1/admin/appearance/menus/1' },
    'GET /api/v1/admin/appearance/settings': { url: '/api/v1/admin/appearance/settings' },
    'PUT /api/v1/admin/appearance/settings': {
      url: '/api/v1/admin/appearance/settings',
      body: { settings: { 'branding.site_name': 'Kosh' } },
    },
    'POST /api/v1/admin/appearance/images': { url: '/api/v1/admin/appearance/images', body: { file: 'x' } },
    'GET /api/v1/appearance/favicons/:name': {
      url: '/api/v1/appearance/favicons/00000000-0000-0000-0000-000000000000-32.png',
      public: 'The site icon browsers ask for on every page; names are random.',
    },
    'GET /api/v1/admin/storage': { url: '/api/v1/admin/storage' },
    'GET /api/v1/admin/realtime': { url: '/api/v1/admin/realtime' },
    'GET /api/v1/admin/cache': { url: '/api/v1/admin/cache' },
    'POST /api/v1/admin/cache/clear': { url: '/api/v1/admin/cache/clear' },
    'POST /api/v1/admin/storage/cors': { url: '/api/v1/admin/storage/cors' },
    'GET /api/v1/admin/jobs': { url: '/api/v1/admin/jobs' },
    'GET /api/v1/admin/job-runs': { url: '/api/v1/admin/job-runs' },
    'POST /api/v1/admin/jobs/:job/run': { url: '/api/v1/admin/jobs/logs-cleanup/run' },
    'GET /api/v1/admin/mail-log': { url: '/api/v1/admin/mail-log' },
    'GET /api/v1/admin/mail-log/:id': { url: '/api/v1/admin/mail-log/1' },
    'GET /api/v1/admin/logs/error/files': { url: '/api/v1/admin/logs/error/files' },
    'GET /api/v1/admin/logs/error': { url: '/api/v1/admin/logs/error' },
    'GET /api/v1/admin/logs/error/:file/:offset': { url: '/api/v1/admin/logs/error/error.log/0' },
    'GET /api/v1/admin/logs/error/download': { url: '/api/v1/admin/logs/error/download?file=error.log' },
    'GET /api/v1/admin/user-space': { url: '/api/v1/admin/user-space' },
    'GET /api/v1/admin/plans': { url: '/api/v1/admin/plans' },
    'PUT /api/v1/admin/plans/positions': { url: '/api/v1/admin/plans/positions', body: { ids: [1] } },
    'POST /api/v1/admin/plans/sync': { url: '/api/v1/admin/plans/sync' },
    'GET /api/v1/admin/tags': { url: '/api/v1/admin/tags' },
    'POST /api/v1/admin/tags': { url: '/api/v1/admin/tags', body: { name: 'xx', display_name: 'xx', type: 'custom' } },
    'PUT /api/v1/admin/tags/:id': {
      url: '/api/v1/admin/tags/1',
      body: { name: 'xx', display_name: 'xx', type: 'custom' },
    },
    'POST /api/v1/admin/tags/:id/merge': { url: '/api/v1/admin/tags/1/merge', body: { into: 2 } },
    'POST /api/v1/admin/tags/delete': { url: '/api/v1/admin/tags/delete', body: { ids: [1] } },
    'GET /api/v1/admin/mail-templates': { url: '/api/v1/admin/mail-templates' },
    'GET /api/v1/admin/mail-templates/:id': { url: '/api/v1/admin/mail-templates/password_reset' },
    'PUT /api/v1/admin/mail-templates/:id': {
      url: '/api/v1/admin/mail-templates/password_reset',
      body: { subject: 'x', html: '<p>x</p>', text: 'x' },
    },
    'DELETE /api/v1/admin/mail-templates/:id': { url: '/api/v1/admin/mail-templates/password_reset' },
    'POST /api/v1/admin/mail-templates/:id/preview': {
      url: '/api/v1/admin/mail-templates/password_reset/preview',
      body: { subject: 'x', html: '<p>x</p>', text: 'x' },
    },
    'GET /api/v1/admin/localizations': { url: '/api/v1/admin/localizations' },
    'POST /api/v1/admin/localizations': { url: '/api/v1/admin/localizations', body: { name: 'X', language: 'xx' } },
    'PUT /api/v1/admin/localizations/:id': { url: '/api/v1/admin/localizations/1', body: { name: 'X' } },
    'DELETE /api/v1/admin/localizations/:id': { url: '/api/v1/admin/localizations/1' },
    'GET /api/v1/admin/localizations/:id/lines': { url: '/api/v1/admin/localizations/1/lines' },
    'PUT /api/v1/admin/localizations/:id/lines': {
      url: '/api/v1/admin/localizations/1/lines',
      body: { lines: { Home: 'X' } },
    },
    'GET /api/v1/admin/localizations/:id/download': { url: '/api/v1/admin/localizations/1/download' },
    'POST /api/v1/admin/localizations/:id/upload': {
      url: '/api/v1/admin/localizations/1/upload',
      body: { lines: { Home: 'X' } },
    },
    'GET /api/v1/admin/files': { url: '/api/v1/admin/files' },
    'GET /api/v1/admin/files/:id/preview': { url: `/api/v1/admin/files/${f.fileId}/preview` },
    'GET /api/v1/admin/files/:id/thumbnail': { url: `/api/v1/admin/files/${f.fileId}/thumbnail` },
    'POST /api/v1/admin/files/delete': { url: '/api/v1/admin/files/delete', body: { ids: [f.fileId] } },
    'GET /api/v1/admin/enquiries': { url: '/api/v1/admin/enquiries' },
    'PUT /api/v1/admin/enquiries/:id': { url: '/api/v1/admin/enquiries/1', body: { status: 'archived' } },
    'POST /api/v1/admin/enquiries/status': { url: '/api/v1/admin/enquiries/status', body: { ids: [1], status: 'new' } },
    'POST /api/v1/admin/enquiries/delete': { url: '/api/v1/admin/enquiries/delete', body: { ids: [999_999] } },
    'POST /api/v1/admin/enquiries/:id/reply': {
      url: '/api/v1/admin/enquiries/1/reply',
      body: { subject: 'Hi', message: 'Hello' },
    },
    'GET /api/v1/admin/users': { url: '/api/v1/admin/users' },
    'GET /api/v1/admin/users/export': { url: '/api/v1/admin/users/export' },
    'POST /api/v1/admin/users': {
      url: '/api/v1/admin/users',
      body: { email: 'new@example.test', password: 'a-long-password-1' },
    },
    'GET /api/v1/admin/users/:id': { url: `/api/v1/admin/users/${f.userId}` },
    'PUT /api/v1/admin/users/:id': { url: `/api/v1/admin/users/${f.userId}`, body: { first_name: 'X' } },
    'POST /api/v1/admin/users/:id/verification-mail': { url: `/api/v1/admin/users/${f.userId}/verification-mail` },
    'DELETE /api/v1/admin/users/:id': { url: `/api/v1/admin/users/${f.memberId}` },
    'POST /api/v1/admin/users/:id/suspend': { url: `/api/v1/admin/users/${f.memberId}/suspend`, body: { until: null } },
    'POST /api/v1/admin/users/:id/unsuspend': { url: `/api/v1/admin/users/${f.memberId}/unsuspend` },
    'GET /api/v1/admin/users/:id/sessions': { url: `/api/v1/admin/users/${f.memberId}/sessions` },
    'DELETE /api/v1/admin/users/:id/sessions': { url: `/api/v1/admin/users/${f.memberId}/sessions` },
    'DELETE /api/v1/admin/users/:id/two-factor': { url: `/api/v1/admin/users/${f.memberId}/two-factor` },
    'POST /api/v1/admin/users/:id/avatar': {
      url: `/api/v1/admin/users/${f.memberId}/avatar`,
      body: { url: 'http://x.test/a' },
    },
    'DELETE /api/v1/admin/users/:id/avatar': { url: `/api/v1/admin/users/${f.memberId}/avatar` },
    'POST /api/v1/admin/users/:id/password-reset': { url: `/api/v1/admin/users/${f.memberId}/password-reset` },
    'GET /api/v1/admin/users/:id/access-tokens': { url: `/api/v1/admin/users/${f.memberId}/access-tokens` },
    'DELETE /api/v1/admin/users/:id/access-tokens/:tokenId': {
      url: `/api/v1/admin/users/${f.memberId}/access-tokens/1`,
    },
    'POST /api/v1/admin/users/:id/impersonate': { url: `/api/v1/admin/users/${f.memberId}/impersonate` },
    'POST /api/v1/admin/impersonation/stop': {
      url: '/api/v1/admin/impersonation/stop',
      public: 'Ends a log-in-as-user session; without one there is nothing to end (409) and nothing changes.',
    },
    'POST /api/v1/admin/users/delete': { url: '/api/v1/admin/users/delete', body: { ids: [f.memberId] } },
    'GET /api/v1/admin/permissions': { url: '/api/v1/admin/permissions' },
    'GET /api/v1/admin/roles': { url: '/api/v1/admin/roles' },
    'POST /api/v1/admin/roles': { url: '/api/v1/admin/roles', body: { name: 'Role' } },
    'GET /api/v1/admin/roles/:roleId': { url: `/api/v1/admin/roles/${f.roleId}` },
    'PUT /api/v1/admin/roles/:roleId': { url: `/api/v1/admin/roles/${f.roleId}`, body: { name: 'Role' } },
    'DELETE /api/v1/admin/roles/:roleId': { url: `/api/v1/admin/roles/${f.roleId}` },
    'GET /api/v1/admin/roles/:roleId/users': { url: `/api/v1/admin/roles/${f.roleId}/users` },
    'GET /api/v1/admin/roles/:roleId/candidates': { url: `/api/v1/admin/roles/${f.roleId}/candidates` },
    'POST /api/v1/admin/roles/:roleId/users': { url: `/api/v1/admin/roles/${f.roleId}/users`, body: { ids: [1] } },
    'POST /api/v1/admin/roles/:roleId/users/remove': {
      url: `/api/v1/admin/roles/${f.roleId}/users/remove`,
      body: { ids: [1] },
    },
  };
}

/** GET routes that change state: like POSTs they must carry the CSRF header. */
const STATE_CHANGING_GETS = ['GET /api/v1/workspace/join/:inviteId'];

const isWrite = (key: string) => !key.startsWith('GET ') || STATE_CHANGING_GETS.includes(key);
const methodOf = (key: string) => key.slice(0, key.indexOf(' ')) as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe('route enumeration', () => {
  // Class: broken access control and CSRF across the whole route surface.
  let t: TestApp;
  let keys: string[];
  let cases: Record<string, Case>;
  let owner: Person;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
    keys = (routeCatalogOf(t.app)?.routes ?? []).map((r) => `${r.method} ${r.url}`);
    owner = await Person.create(t);
    const other = await Person.create(t);
    const folder = await owner.folder('Folder');
    const file = await owner.upload('a.txt', 'hello', folder.id);
    const shared = await owner.share([file.id], [other.user.email], 'view');
    const link = await owner.createLink(file.id);
    const boss = new Member(owner);
    const workspace = await boss.createWorkspace('Team');
    const member = await Member.create(t);
    await boss.invite(workspace.id, [member.user.email], 'viewer');
    const [note] = await inviteNotifications(t, member.user.id);
    const fixture: Fixture = {
      userId: owner.user.id,
      folderHash: folder.hash,
      fileId: file.id,
      fileHash: file.hash,
      shareId: shared.people.find((p) => p.email === other.user.email)?.id ?? 0,
      linkHash: link.hash,
      workspaceId: workspace.id,
      inviteId: note.data.inviteId,
      memberId: member.user.id,
      productId: (await t.modules.db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
      roleId: (await t.modules.users.repos.roles.getDefaultRole())?.id ?? 0,
    };
    cases = casesOf(fixture);
  });
  afterAll(() => t.close());

  it('has a case for every route the server registers, and none for a route that is gone', () => {
    expect(keys.length).toBeGreaterThan(100);
    expect(keys.filter((k) => !cases[k])).toEqual([]);
    expect(Object.keys(cases).filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('gives every public route a reason', () => {
    for (const [key, c] of Object.entries(cases))
      if (c.public !== undefined) expect(c.public.length, key).toBeGreaterThan(5);
  });

  it('refuses an anonymous caller on every route outside the allow-list (401 or 404)', async () => {
    const answered: string[] = [];
    for (const key of keys) {
      const c = cases[key];
      if (!c || c.public) continue;
      // A visitor with a valid CSRF pair: the refusal must come from the missing caller, not from CSRF.
      const visitor = newAgent(t);
      const res = await visitor.request({ method: methodOf(key), url: c.url, payload: c.body as object });
      if (res.statusCode !== 401 && res.statusCode !== 404) answered.push(`${key} -> ${res.statusCode} ${res.body}`);
    }
    expect(answered).toEqual([]);
  });

  it('answers no public route with a server error, and every refusal with its code', async () => {
    const failed: string[] = [];
    for (const key of keys) {
      const c = cases[key];
      if (!c?.public) continue;
      const res = await newAgent(t).request({ method: methodOf(key), url: c.url, payload: c.body as object });
      if (res.statusCode >= 500) failed.push(`${key} -> ${res.statusCode}`);
      // An error answer carries its stable code, as every error does (spec part 1, 8).
      const isJson = String(res.headers['content-type']).startsWith('application/json');
      if (res.statusCode >= 400 && isJson && typeof res.json().code !== 'string') failed.push(`${key}: no code`);
    }
    expect(failed).toEqual([]);
  });

  it('refuses a signed-in cookie caller without the CSRF header on every state-changing route (403)', async () => {
    const passed: string[] = [];
    for (const key of keys.filter(isWrite)) {
      const c = cases[key];
      if (!c) continue;
      if (c.serverToServer) {
        // The signature is its guard: a cookie caller without one is refused all the same.
        const res = await owner.agent.request({ method: methodOf(key), url: c.url, payload: c.body as object });
        if (res.statusCode !== 400) passed.push(`${key} -> ${res.statusCode}`);
        continue;
      }
      const res = await owner.agent.request({
        method: methodOf(key),
        url: c.url,
        payload: c.body as object,
        xsrf: false,
      });
      if (res.statusCode !== 403 || res.json().code !== 'csrf_token_invalid')
        passed.push(`${key} -> ${res.statusCode}`);
    }
    expect(passed).toEqual([]);
    // The owner is still signed in: nothing above ended the session.
    expect(owner.agent.cookies.has(COOKIE.session)).toBe(true);
  });

  it('refuses a cookie caller whose CSRF header does not match the cookie', async () => {
    const res = await owner.agent.request({
      method: 'POST',
      url: '/api/v1/folders',
      payload: { name: 'forged' },
      xsrf: false,
      headers: { 'x-xsrf-token': 'A'.repeat(43) },
    });
    expect(res.statusCode).toBe(403);
    expect((await owner.list({})).map((e) => e.name)).not.toContain('forged');
  });
});
