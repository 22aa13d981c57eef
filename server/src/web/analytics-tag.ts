import { COOKIE } from '@kosh/contracts/constants';

/** Google tag origins: its script, and where it sends hits (script, connect and image requests). */
export const ANALYTICS_SCRIPTS = 'https://www.googletagmanager.com';
export const ANALYTICS_CONNECT = [
  'https://www.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];

/** The pages the tag goes on: the public site, never sign-in, the drive, shared links or the admin area. */
export function isAnalyticsPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === '/' || path === '/pricing' || path === '/contact' || path.startsWith('/pages/');
}

/**
 * The Google tag for a measurement ID (checked by the setting's rule, so it needs no escaping
 * beyond JSON). With the cookie notice on, it loads only for visitors who accepted cookies.
 */
export function analyticsTag(trackingId: string, nonce: string, askConsent: boolean): string {
  const id = JSON.stringify(trackingId);
  const consented = askConsent ? `/(?:^|; )${COOKIE.cookieNotice}=true(?:;|$)/.test(document.cookie)` : 'true';
  return [
    `<script nonce="${nonce}">(function(){if(!(${consented}))return;`,
    'window.dataLayer=window.dataLayer||[];window.gtag=function(){dataLayer.push(arguments)};',
    `gtag('js',new Date());gtag('config',${id});`,
    `var s=document.createElement('script');s.async=true;s.nonce=${JSON.stringify(nonce)};`,
    `s.src='${ANALYTICS_SCRIPTS}/gtag/js?id='+encodeURIComponent(${id});document.head.appendChild(s);})();</script>`,
  ].join('');
}
