import { SectionLinks } from './SectionLinks.tsx';

/** The editor's sections (spec part 2, 2 "Appearance editor"), in the editor's order. */
export const APPEARANCE_SECTIONS = [
  { to: 'general', label: 'General', description: 'Site name, logos and favicon' },
  { to: 'themes', label: 'Themes', description: 'Colours, font and rounding' },
  { to: 'menus', label: 'Menus', description: 'Links in the navbars, sidebar and footer' },
  { to: 'custom-code', label: 'Custom code', description: 'Your own CSS and HTML' },
  { to: 'seo-settings', label: 'SEO settings', description: 'Titles and descriptions for search engines' },
  { to: 'landing-page', label: 'Landing page', description: 'Texts, images and buttons of the home page' },
] as const;

/** /admin/appearance: the list of sections. */
export function SectionList() {
  return <SectionLinks title="Sections" links={APPEARANCE_SECTIONS} />;
}

export { SectionList as Component };
