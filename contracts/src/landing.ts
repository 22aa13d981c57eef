import { z } from 'zod';

/**
 * Where a call to action or a teaser may lead: a path of this site or an http(s) address.
 * Anything else (javascript:, data:, a protocol-relative //host) is refused, since the web app
 * renders these as links.
 */
export const LandingHrefSchema = z
  .string()
  .max(500)
  .regex(/^(\/(?![/\\])|https?:\/\/)/, 'Give a path starting with / or an http(s) address.');

/**
 * An image of the landing page: a file this site serves (/landing/..., an upload), or none. Other
 * origins are refused: the page's Content-Security-Policy would not load them.
 */
export const LandingImageSchema = z.union([
  z.literal(''),
  z
    .string()
    .max(500)
    .regex(/^\/(?![/\\])/, 'Give a path of this site starting with /.'),
]);

const text = (max: number) => z.string().max(max);

/** A colour of the landing page (#rrggbb), or none. */
export const LandingColorSchema = z.union([
  z.literal(''),
  z.string().regex(/^#[0-9a-f]{6}$/i, 'Use a colour such as #1a73e8.'),
]);

export const LandingCtaSchema = z.object({ label: text(100).min(1), action: LandingHrefSchema });
export type LandingCta = z.infer<typeof LandingCtaSchema>;

/** The icons a feature card may show; the web app maps each to one lucide icon. */
export const LANDING_FEATURE_ICONS = ['storage', 'upload', 'bandwidth', 'encryption', 'sharing', 'devices'] as const;
export type LandingFeatureIcon = (typeof LANDING_FEATURE_ICONS)[number];

/**
 * The landing page's texts, images and calls to action (spec part 2, 2 "Landing page"): one
 * public setting, `landing`, so the appearance editor changes them without code. Texts are
 * English lines the web app passes through trans(), so a translation applies while a text
 * keeps its default; `:siteName` is filled in with the site's name.
 */
export const LandingSettingsSchema = z.object({
  hero: z.object({
    badge: text(100),
    title: text(200).min(1),
    subtitle: text(500),
    image_light: LandingImageSchema,
    image_dark: LandingImageSchema,
    /** For visitors (to /register); signed-in users get `signed_in_cta` (to /drive). */
    cta: LandingCtaSchema,
    signed_in_cta: LandingCtaSchema,
    /** A gradient behind the hero, from one colour to the other (either alone: a plain colour); absent: the theme's. */
    overlay: z.object({ from: LandingColorSchema.default(''), to: LandingColorSchema.default('') }).optional(),
  }),
  about: z.object({ eyebrow: text(100), title: text(200), body: text(2000) }),
  features: z
    .array(z.object({ title: text(100).min(1), description: text(500), icon: z.enum(LANDING_FEATURE_ICONS) }))
    .max(12),
  india_banner: z.object({ title: text(200), body: text(1000), image: LandingImageSchema }),
  /** Questions of the FAQ accordion, the first open at start (part 2, 2). */
  faq: z.array(z.object({ question: text(300).min(1), answer: text(2000) })).max(20),
  /** The three static blog teasers. */
  blog: z
    .array(z.object({ title: text(200).min(1), excerpt: text(500), image: LandingImageSchema, url: LandingHrefSchema }))
    .max(6),
  /** The closing call to action at the foot of the page, with an optional image above its title. */
  community: z.object({
    title: text(200),
    body: text(1000),
    cta: LandingCtaSchema,
    image: LandingImageSchema.optional(),
  }),
});
export type LandingSettings = z.infer<typeof LandingSettingsSchema>;
