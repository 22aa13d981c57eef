import type { Theme } from '@kosh/contracts';
import { faviconUrl, uploadedFaviconId } from '../admin/appearance/images/favicon.service.ts';
import type { SettingsReader } from '../settings/settings.service.ts';
import type { ThemesRepository } from '../themes/themes.repository.ts';

const DEFAULT_FAVICON = '/favicon.svg';
const DEFAULT_BACKGROUND = '#ffffff';

type ManifestIcon = { src: string; sizes?: string; type?: string };

/** The fields of the W3C web app manifest Kosh fills in. */
export type WebManifest = {
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  background_color: string;
  theme_color: string;
  icons: ManifestIcon[];
};

/** The icons of the manifest: the 192 and 512 px sizes made from an uploaded favicon, else the favicon itself. */
function manifestIcons(favicon: string): ManifestIcon[] {
  const id = uploadedFaviconId(favicon);
  if (id)
    return ([192, 512] as const).map((size) => ({
      src: faviconUrl(id, size),
      sizes: `${size}x${size}`,
      type: 'image/png',
    }));
  if (favicon === DEFAULT_FAVICON) return [{ src: DEFAULT_FAVICON, sizes: 'any', type: 'image/svg+xml' }];
  return [{ src: favicon }];
}

/**
 * The manifest browsers read to install the site and put it on a home screen: the site's name and
 * description and favicon (appearance editor), opening on the drive, in the default light theme's colours.
 */
export function webManifest(
  site: { name: string; description: string; favicon: string },
  theme: Theme | undefined,
): WebManifest {
  const background = theme?.values['--kosh-bg'] || DEFAULT_BACKGROUND;
  return {
    name: site.name,
    short_name: site.name,
    description: site.description,
    start_url: '/drive',
    scope: '/',
    display: 'standalone',
    background_color: background,
    theme_color: background,
    icons: manifestIcons(site.favicon || DEFAULT_FAVICON),
  };
}

/** The site's manifest from its current settings and themes. */
export class WebManifestService {
  private readonly deps: { settings: SettingsReader; themes: Pick<ThemesRepository, 'listAll'> };
  constructor(deps: { settings: SettingsReader; themes: Pick<ThemesRepository, 'listAll'> }) {
    this.deps = deps;
  }

  async manifest(): Promise<WebManifest> {
    const { settings, themes } = this.deps;
    const [name, description, favicon, all] = await Promise.all([
      settings.get<string>('branding.site_name'),
      settings.get<string>('branding.site_description'),
      settings.get<string>('branding.favicon'),
      themes.listAll(),
    ]);
    const theme = all.find((t) => t.default_light) ?? all.find((t) => !t.is_dark);
    return webManifest({ name: name ?? '', description: description ?? '', favicon: favicon ?? '' }, theme);
  }
}
