import { z } from 'zod';

/** The answer of calls that change something and have nothing to report. */
export const EmptyResponseSchema = z.object({});
export type EmptyResponse = z.infer<typeof EmptyResponseSchema>;

export const CustomPageSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  seo: z.object({ title: z.string().nullable(), description: z.string().nullable() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomPage = z.infer<typeof CustomPageSchema>;

export const GetCustomPageParamsSchema = z.object({ idOrSlug: z.string().min(1).max(255) });
export type GetCustomPageParams = z.infer<typeof GetCustomPageParamsSchema>;
export const GetCustomPageResponseSchema = z.object({ page: CustomPageSchema });
export type GetCustomPageResponse = z.infer<typeof GetCustomPageResponseSchema>;

export const VALUE_LIST_NAMES = ['timezones', 'countries', 'localizations', 'states'] as const;
export const GetValueListsParamsSchema = z.object({ names: z.string().min(1).max(200) });
export type GetValueListsParams = z.infer<typeof GetValueListsParamsSchema>;
/** `states` needs the country whose states to list. */
export const GetValueListsQuerySchema = z.object({ countryId: z.coerce.number().int().min(1).max(100000).optional() });
export type GetValueListsQuery = z.infer<typeof GetValueListsQuerySchema>;
export const StateSchema = z.object({
  id: z.number().int(),
  country_id: z.number().int(),
  name: z.string(),
  code: z.string(),
});
export type State = z.infer<typeof StateSchema>;

export const TimezoneSchema = z.object({ value: z.string(), text: z.string() });
export type Timezone = z.infer<typeof TimezoneSchema>;
export const CountrySchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type Country = z.infer<typeof CountrySchema>;
export const ValueListsSchema = z.object({
  timezones: z.record(z.string(), z.array(TimezoneSchema)).optional(),
  countries: z.array(CountrySchema).optional(),
  states: z.array(StateSchema).optional(),
  localizations: z.array(z.object({ id: z.number().int(), language: z.string(), name: z.string() })).optional(),
});
export type ValueLists = z.infer<typeof ValueListsSchema>;

export const ChangeLocaleBodySchema = z.object({ locale: z.string().min(2).max(10) });
export type ChangeLocaleBody = z.infer<typeof ChangeLocaleBodySchema>;
export const ChangeLocaleResponseSchema = z.object({
  locale: z.object({ language: z.string(), name: z.string(), lines: z.record(z.string(), z.string()) }),
});
export type ChangeLocaleResponse = z.infer<typeof ChangeLocaleResponseSchema>;
