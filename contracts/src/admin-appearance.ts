import { z } from 'zod';
import { MENU_POSITIONS } from './constants.ts';
import { MenuSchema, MenuItemSchema } from './menu.ts';
import { THEME_TOKENS, ThemeSchema } from './theme.ts';

/*
 * The appearance editor's API (spec part 2, 2 "Appearance editor"; permission appearance.update):
 *   GET    /admin/appearance/themes             {themes: Theme[]}
 *   POST   /admin/appearance/themes             SaveThemeBody -> 201 {theme}
 *   PUT    /admin/appearance/themes/:id         SaveThemeBody -> {theme}
 *   POST   /admin/appearance/themes/:id/duplicate            -> 201 {theme}
 *   DELETE /admin/appearance/themes/:id                      -> 204 (422 errors.theme for the last light or dark one)
 *   GET    /admin/appearance/menus              {menus: Menu[]}
 *   POST   /admin/appearance/menus              SaveMenuBody -> 201 {menu}
 *   PUT    /admin/appearance/menus/:id          SaveMenuBody -> {menu}
 *   DELETE /admin/appearance/menus/:id                       -> 204
 *   GET    /admin/appearance/settings           {settings} (the values of APPEARANCE_SETTING_KEYS)
 *   PUT    /admin/appearance/settings           {settings: {key: value}} (those keys only) -> {settings}
 *   POST   /admin/appearance/images             multipart `file` (an image) -> 201 {url}
 *   GET    /appearance/favicons/<uuid>-<size>.png   the favicon sizes made from an uploaded image (public)
 */

/** Colour tokens are #rrggbb; the two radius tokens take one of THEME_RADII; --kosh-font one of THEME_FONTS. */
export const THEME_COLOR_TOKENS = THEME_TOKENS.filter(
  (t) => t !== '--kosh-radius' && t !== '--kosh-radius-lg' && t !== '--kosh-font',
);

/** Text and background pairs whose contrast the editor checks against 4.5:1 (WCAG AA). */
export const THEME_CONTRAST_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['--kosh-fg', '--kosh-bg'],
  ['--kosh-fg', '--kosh-bg-alt'],
  ['--kosh-fg', '--kosh-bg-chip'],
  ['--kosh-fg-muted', '--kosh-bg'],
  ['--kosh-on-primary', '--kosh-primary'],
  ['--kosh-primary', '--kosh-bg'],
  ['--kosh-danger', '--kosh-bg'],
];

/** Rounding choices, as in the editor's Rounding panel: label and CSS length. */
export const THEME_RADII = [
  { label: 'Square', value: '0px' },
  { label: 'Small', value: '4px' },
  { label: 'Medium', value: '8px' },
  { label: 'Large', value: '12px' },
  { label: 'Larger', value: '16px' },
  { label: 'Pill', value: '9999px' },
] as const;

/** Fonts a theme may use: those Kosh ships (web/src/styles/fonts.css, no CDN) and the device's own stacks. */
export const THEME_FONTS = [
  { id: 'inter', label: 'Inter', family: "'Inter Variable', Inter, system-ui, sans-serif" },
  { id: 'figtree', label: 'Figtree', family: "'Figtree Variable', system-ui, sans-serif" },
  { id: 'lora', label: 'Lora', family: "'Lora Variable', Georgia, serif" },
  { id: 'jetbrains-mono', label: 'JetBrains Mono', family: "'JetBrains Mono Variable', ui-monospace, monospace" },
  { id: 'system', label: 'System', family: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  { id: 'serif', label: 'Serif', family: 'Georgia, Cambria, "Times New Roman", serif' },
  { id: 'mono', label: 'Monospace', family: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace' },
] as const;

const HEX = /^#[0-9a-f]{6}$/i;
const THEME_NAME_MAX = 100;

export const ThemeValuesSchema = z.record(z.string(), z.string()).superRefine((values, ctx) => {
  for (const token of THEME_TOKENS) {
    const value = values[token];
    if (value === undefined) {
      ctx.addIssue({ code: 'custom', path: [token], message: 'Give this colour a value.' });
    } else if ((THEME_COLOR_TOKENS as readonly string[]).includes(token) && !HEX.test(value)) {
      ctx.addIssue({ code: 'custom', path: [token], message: 'Use a colour such as #1a73e8.' });
    } else if (
      (token === '--kosh-radius' || token === '--kosh-radius-lg') &&
      !THEME_RADII.some((r) => r.value === value)
    ) {
      ctx.addIssue({ code: 'custom', path: [token], message: 'Choose one of the rounding options.' });
    } else if (token === '--kosh-font' && !THEME_FONTS.some((f) => f.family === value)) {
      ctx.addIssue({ code: 'custom', path: [token], message: 'Choose one of the fonts Kosh ships.' });
    }
  }
  for (const key of Object.keys(values)) {
    if (!(THEME_TOKENS as readonly string[]).includes(key))
      ctx.addIssue({ code: 'custom', path: [key], message: 'Not a theme token.' });
  }
});

export const SaveThemeBodySchema = z.object({
  name: z.string().trim().min(1, 'Give the theme a name.').max(THEME_NAME_MAX),
  is_dark: z.boolean(),
  default_light: z.boolean(),
  default_dark: z.boolean(),
  values: ThemeValuesSchema,
});
export type SaveThemeBody = z.infer<typeof SaveThemeBodySchema>;

export const AdminThemesSchema = z.object({ themes: z.array(ThemeSchema) });
export const AdminThemeResponseSchema = z.object({ theme: ThemeSchema });

/** In-app addresses a menu item of type route may point to (spec part 2, 2 "Menu routes"). */
export const MENU_ROUTES = [
  '/',
  '/drive',
  '/drive/shares',
  '/drive/recent',
  '/drive/starred',
  '/drive/trash',
  '/drive/payment-history',
  '/pricing',
  '/contact',
  '/login',
  '/register',
  '/account-settings',
  '/notifications',
  '/billing',
  '/admin',
  '/api-docs',
] as const;

/** Icons a menu item may carry (lucide names the web app maps to components). */
export const MENU_ICONS = [
  'home',
  'hard-drive',
  'users',
  'clock',
  'star',
  'trash',
  'credit-card',
  'settings',
  'bell',
  'mail',
  'file-text',
  'book-open',
  'code',
  'help-circle',
  'info',
  'shield',
  'globe',
  'link',
] as const;

export const SUBSCRIPTION_CONDITIONS = ['subscribed', 'unsubscribed'] as const;

const MENU_NAME_MAX = 100;
export const MENU_ITEMS_MAX = 50;

/** One item as the editor saves it: the runtime shape, checked harder (labels, targets, icons). */
export const SaveMenuItemSchema = MenuItemSchema.extend({
  id: z.string().trim().min(1).max(100),
  label: z.string().trim().min(1, 'Give the item a label.').max(100),
  action: z.string().trim().min(1, 'Give the item an address.').max(2000),
  icon: z.enum(MENU_ICONS).optional(),
  permissions: z.array(z.string().max(100)).max(50).default([]),
  roles: z.array(z.number().int().positive()).max(50).default([]),
  subscriptionStatus: z.enum(SUBSCRIPTION_CONDITIONS).optional(),
});

export const SaveMenuBodySchema = z.object({
  name: z.string().trim().min(1, 'Give the menu a name.').max(MENU_NAME_MAX),
  positions: z.array(z.enum(MENU_POSITIONS)).max(MENU_POSITIONS.length),
  items: z.array(SaveMenuItemSchema).max(MENU_ITEMS_MAX),
});
export type SaveMenuBody = z.infer<typeof SaveMenuBodySchema>;

export const AdminMenusSchema = z.object({ menus: z.array(MenuSchema) });
export const AdminMenuResponseSchema = z.object({ menu: MenuSchema });

/** Settings the appearance editor writes (with appearance.update, not settings.update). */
export const APPEARANCE_SETTING_KEYS = [
  'branding.site_name',
  'branding.site_description',
  'branding.logo_light',
  'branding.logo_dark',
  'branding.logo_light_mobile',
  'branding.logo_dark_mobile',
  'branding.favicon',
  'seo.title',
  'seo.description',
  'seo.shareable_link_page.title',
  'seo.shareable_link_page.description',
  'custom_code.css',
  'custom_code.html',
  'landing',
] as const;
export type AppearanceSettingKey = (typeof APPEARANCE_SETTING_KEYS)[number];

export const UploadedAppearanceImageSchema = z.object({ url: z.string() });

/** GET and PUT /admin/appearance/settings answer the value of every APPEARANCE_SETTING_KEYS key. */
export const AppearanceSettingsSchema = z.object({ settings: z.record(z.string(), z.unknown()) });
export type AppearanceSettings = z.infer<typeof AppearanceSettingsSchema>;

/** The longest custom CSS or custom HTML an admin may save (characters; each is served in every public page). */
export const CUSTOM_CODE_MAX_CHARS = 100_000;

/** The favicon sizes made from an uploaded favicon: tabs (16, 32, 48), iOS (180), Android and manifests (192, 512). */
export const FAVICON_SIZES = [16, 32, 48, 180, 192, 512] as const;
/** Where the generated favicons are served: `${FAVICON_PATH}<image uuid>-<size>.png`. */
export const FAVICON_PATH = '/api/v1/appearance/favicons/';
