import { z } from 'zod';
import { adminListQuery, adminPage } from './admin.ts';
import { idParam } from './fields.ts';
import {
  LINE_KEY_MAX,
  LINE_VALUE_MAX,
  LINES_PER_CALL_MAX,
  LOCALIZATION_NAME_MAX,
  canonicalLanguageCode,
} from './localization-constants.ts';

// The admin area's localizations and their translation editor (spec part 2, 2: localizations and
// localizations/{localeId}/translate; permission localizations.update).

export * from './localization-constants.ts';

export const LocalizationIdParamsSchema = z.object({ id: idParam() });

export const ADMIN_LOCALIZATIONS_SORTABLE = ['name', 'language', 'updated_at'] as const;
export const AdminLocalizationsQuerySchema = adminListQuery(ADMIN_LOCALIZATIONS_SORTABLE);
export type AdminLocalizationsQuery = z.infer<typeof AdminLocalizationsQuerySchema>;

export const AdminLocalizationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  language: z.string().describe('The language code (hi, pt-BR); unique.'),
  lines_translated: z.number().int().describe('Non-empty lines whose key is an English line of the app.'),
  lines_total: z.number().int().describe('English lines of the app.'),
  is_default: z.boolean().describe('The site default language (setting i18n.default_localization).'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminLocalization = z.infer<typeof AdminLocalizationSchema>;
export const AdminLocalizationsPageSchema = adminPage(AdminLocalizationSchema);
export type AdminLocalizationsPage = z.infer<typeof AdminLocalizationsPageSchema>;
export const AdminLocalizationResponseSchema = z.object({ localization: AdminLocalizationSchema });
export type AdminLocalizationResponse = z.infer<typeof AdminLocalizationResponseSchema>;

const localizationName = z
  .string({ error: 'The name must be a string.' })
  .trim()
  .min(1, 'The name is required.')
  .max(LOCALIZATION_NAME_MAX, `The name may not be greater than ${LOCALIZATION_NAME_MAX} characters.`);

const languageCode = z
  .string({ error: 'The language code must be a string.' })
  .trim()
  .min(1, 'The language code is required.')
  .transform((text, ctx) => {
    const code = canonicalLanguageCode(text);
    if (code) return code;
    ctx.addIssue({ code: 'custom', message: 'Enter a language code like hi or pt-BR.' });
    return z.NEVER;
  })
  .describe('A language tag, stored in canonical case (pt-br is pt-BR).');

export const CreateLocalizationBodySchema = z.object({ name: localizationName, language: languageCode });
export type CreateLocalizationBody = z.input<typeof CreateLocalizationBodySchema>;

export const UpdateLocalizationBodySchema = z.object({
  name: localizationName.optional(),
  language: languageCode.optional(),
});
export type UpdateLocalizationBody = z.input<typeof UpdateLocalizationBodySchema>;

/** Lines by key; an empty string removes the key's translation (an added key is removed whole). */
export const LocalizationLinesMapSchema = z
  .record(
    z
      .string()
      .min(1, 'A key may not be empty.')
      .max(LINE_KEY_MAX, `A key may not be greater than ${LINE_KEY_MAX} characters.`),
    z
      .string({ error: 'A line must be text.' })
      .max(LINE_VALUE_MAX, `A line may not be greater than ${LINE_VALUE_MAX} characters.`),
  )
  .describe('Key (the English line, or a key you add) to translated line; plain text, `:name` placeholders kept.');
export type LocalizationLinesMap = z.infer<typeof LocalizationLinesMapSchema>;

export const SaveLocalizationLinesBodySchema = z.object({
  lines: LocalizationLinesMapSchema.refine(
    (lines) => Object.keys(lines).length >= 1,
    'Change at least one line.',
  ).refine(
    (lines) => Object.keys(lines).length <= LINES_PER_CALL_MAX,
    `Save at most ${LINES_PER_CALL_MAX} lines at a time.`,
  ),
});
export type SaveLocalizationLinesBody = z.infer<typeof SaveLocalizationLinesBodySchema>;

export const SaveLocalizationLinesResponseSchema = z.object({
  localization: AdminLocalizationSchema,
  set: z.number().int().describe('Lines given a new text.'),
  removed: z.number().int().describe('Lines whose translation was removed.'),
});
export type SaveLocalizationLinesResponse = z.infer<typeof SaveLocalizationLinesResponseSchema>;

export const LocalizationLineSchema = z.object({
  key: z.string(),
  source: z.string().nullable().describe('The English line; null for a key only this localization has.'),
  translation: z.string().describe('Empty when not translated.'),
});
export type LocalizationLine = z.infer<typeof LocalizationLineSchema>;

export const LocalizationLinesResponseSchema = z.object({
  localization: AdminLocalizationSchema,
  lines: z.array(LocalizationLineSchema).describe("The app's English lines in order, then keys only this one has."),
});
export type LocalizationLinesResponse = z.infer<typeof LocalizationLinesResponseSchema>;

/** The download, and what an upload takes (a bare {key: line} object is taken too). */
export const LocalizationFileSchema = z.object({
  language: z.string(),
  name: z.string(),
  lines: z.record(z.string(), z.string()),
});
export type LocalizationFile = z.infer<typeof LocalizationFileSchema>;
