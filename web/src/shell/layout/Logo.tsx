import clsx from 'clsx';
import { Link } from 'react-router';
import { useSettings } from '../bootstrap-store.ts';
import { useActiveTheme } from '../theme/theme-store.ts';
import { useIsMobile } from '../useMediaQuery.ts';
import { focusRing } from '../../ui/button-styles.ts';

/** The mark drawn next to the site name when no logo image is configured. */
function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={clsx('shrink-0', className)} aria-hidden>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path d="M9 23V9h3.2v5.8L17.6 9h3.9l-5.7 6.1L22 23h-4l-4.4-5.8-1.4 1.5V23z" className="fill-on-primary" />
    </svg>
  );
}

type LogoProps = { to?: string; className?: string; size?: 'md' | 'lg' };

/**
 * The site logo by theme (dark logo on light themes, light logo on dark ones) and by
 * screen size (mobile variants under 768 px); the site name when no image is set.
 */
export function Logo({ to = '/', className, size = 'md' }: LogoProps) {
  const { branding } = useSettings();
  const theme = useActiveTheme();
  const isMobile = useIsMobile();
  const isDark = !!theme?.is_dark;
  const desktop = isDark ? branding.logo_light : branding.logo_dark;
  const mobile = isDark ? branding.logo_light_mobile : branding.logo_dark_mobile;
  const src = (isMobile && mobile) || desktop;
  return (
    <Link
      to={to}
      className={clsx('inline-flex min-w-0 items-center gap-2 rounded-kosh', focusRing, className)}
      aria-label={branding.site_name}
    >
      {src ? (
        <img src={src} alt="" className={clsx('block w-auto object-contain', size === 'lg' ? 'max-h-12' : 'max-h-9')} />
      ) : (
        <>
          <LogoMark className={size === 'lg' ? 'size-10' : 'size-8'} />
          <span className={clsx('truncate font-medium tracking-tight text-fg', size === 'lg' ? 'text-2xl' : 'text-xl')}>
            {branding.site_name}
          </span>
        </>
      )}
    </Link>
  );
}
