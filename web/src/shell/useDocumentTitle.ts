import { useEffect } from 'react';
import { useSettings } from './bootstrap-store.ts';

/** Sets document.title to "<title> - <site name>", or the SEO title (its :siteName filled) when none is given. */
export function useDocumentTitle(title: string | undefined): void {
  const settings = useSettings();
  const siteName = settings.branding?.site_name ?? '';
  const siteDescription = settings.branding?.site_description ?? '';
  const seoTitle = settings.seo?.title ?? '';
  useEffect(() => {
    // As the server fills it in the HTML (server/src/web/seo-template.ts).
    const filled = seoTitle.replace(/:(siteName|siteDescription)\b/g, (_m, key: string) =>
      key === 'siteName' ? siteName : siteDescription,
    );
    document.title = title ? `${title} - ${siteName}` : filled || siteName;
  }, [title, siteName, siteDescription, seoTitle]);
}
