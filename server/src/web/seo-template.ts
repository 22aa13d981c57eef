/** What an SEO text of the site may name: :siteName and :siteDescription (the link page's add :entryName). */
export type SeoValues = { siteName: string; siteDescription: string; entryName?: string };

/**
 * An SEO template of the settings with its variables filled in one pass, so a value that itself
 * reads ":siteName" (an entry's name) stays as it is. Unknown :words are left alone.
 */
export function fillSeoTemplate(template: string, values: SeoValues): string {
  return template.replace(/:(entryName|siteName|siteDescription)\b/g, (whole, key: keyof SeoValues) => {
    const value = values[key];
    return value === undefined ? whole : value;
  });
}
