import type { SocialService } from '@kosh/contracts';

/** Provider marks (simple-icons shapes, CC0); lucide has no brand icons. */
export function SocialIcon({ service, size = 20 }: { service: SocialService; size?: number }) {
  const common = {
    width: size,
    height: size,
    viewBox: '0 0 24 24',
    className: 'shrink-0',
  };
  switch (service) {
    case 'google':
      return (
        <svg {...common} aria-hidden="true">
          <path
            fill="#4285F4"
            d={[
              'M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.21 3.31v2.77h3.57',
              'c2.08-1.92 3.28-4.74 3.28-8.09z',
            ].join(' ')}
          />
          <path
            fill="#34A853"
            d={[
              'M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53',
              'H2.18v2.84A11 11 0 0 0 12 23z',
            ].join(' ')}
          />
          <path
            fill="#FBBC05"
            d={[
              'M5.84 14.09A6.6 6.6 0 0 1 5.49 12c0-.73.13-1.43.35-2.09V7.07H2.18A11 11 0 0 0 1 12',
              'c0 1.78.43 3.45 1.18 4.93l3.66-2.84z',
            ].join(' ')}
          />
          <path
            fill="#EA4335"
            d={[
              'M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.96 10.96 0 0 0 12 1 11 11 0 0 0 2.18 7.07l3.66 2.84',
              'C6.71 7.31 9.14 5.38 12 5.38z',
            ].join(' ')}
          />
        </svg>
      );
    case 'facebook':
      return (
        <svg {...common} aria-hidden="true">
          <path
            fill="#1877F2"
            d={[
              'M24 12.07C24 5.4 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.05V9.41',
              'c0-3.02 1.79-4.7 4.53-4.7 1.31 0 2.69.24 2.69.24v2.97h-1.51c-1.5 0-1.96.93-1.96 1.89v2.26h3.33',
              'l-.53 3.49h-2.8V24C19.61 23.1 24 18.1 24 12.07z',
            ].join(' ')}
          />
        </svg>
      );
    case 'twitter':
      return (
        <svg {...common} aria-hidden="true">
          <path
            fill="currentColor"
            d={[
              'M18.9 1.15h3.68l-8.04 9.19L24 22.85h-7.41l-5.8-7.59-6.64 7.59H.47l8.6-9.83L0 1.15h7.59',
              'l5.24 6.93 6.07-6.93zm-1.29 19.49h2.04L6.49 3.24H4.3l13.31 17.4z',
            ].join(' ')}
          />
        </svg>
      );
    case 'envato':
      return (
        <svg {...common} aria-hidden="true">
          <path
            fill="#81B441"
            d={[
              'M20.01 1.17',
              'c-.8-.44-3.1-.16-5.86.7-4.82 3.3-8.9 8.16-9.18',
              '15.96-.05.19-.52-.02-.62-.08-1.3-2.5-1.82-5.12-.73-8.9.2-.34-.46-.76-.58-.64-.24.24-1.24 1.3-1.9',
              '2.45-3.27 5.68-.01 12.94 6.33 12.94 4.25.03 7.97-2.86 9.2-6.9 1.97-6.8 4.32-14.54 3.34-15.53',
              'z',
            ].join(' ')}
          />
        </svg>
      );
  }
}

export const SOCIAL_LABELS: Record<SocialService, string> = {
  google: 'Google',
  facebook: 'Facebook',
  twitter: 'Twitter',
  envato: 'Envato',
};
