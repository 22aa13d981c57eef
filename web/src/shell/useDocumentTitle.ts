import { useEffect } from 'react';
import { useSettings } from './bootstrap-store.ts';

/** Sets document.title to "<title> - <site name>", or the SEO title when none is given. */
export function useDocumentTitle(title: string | undefined): void {
  const settings = useSettings();
  useEffect(() => {
    const siteName = settings.branding?.site_name ?? '';
    document.title = title ? `${title} - ${siteName}` : settings.seo?.title || siteName;
  }, [title, settings.branding?.site_name, settings.seo?.title]);
}
