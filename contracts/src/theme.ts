import { z } from 'zod';

/** Theme CSS variables (UI.md "Theme tokens"); values map variable name to value. */
export const THEME_TOKENS = [
  '--kosh-bg',
  '--kosh-bg-alt',
  '--kosh-bg-chip',
  '--kosh-fg',
  '--kosh-fg-muted',
  '--kosh-divider',
  '--kosh-primary',
  '--kosh-on-primary',
  '--kosh-positive',
  '--kosh-danger',
  '--kosh-radius',
  '--kosh-radius-lg',
  '--kosh-font',
] as const;

export const ThemeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_dark: z.boolean(),
  default_light: z.boolean(),
  default_dark: z.boolean(),
  values: z.record(z.string(), z.string()),
});
export type Theme = z.infer<typeof ThemeSchema>;

/** The be-active-theme cookie holds an id, or one of these words (part 1, 4). */
export const ThemeChoiceSchema = z.union([
  z.literal('system'),
  z.literal('light'),
  z.literal('dark'),
  z.coerce.number().int(),
]);
export type ThemeChoice = z.infer<typeof ThemeChoiceSchema>;
