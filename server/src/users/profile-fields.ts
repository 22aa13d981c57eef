import { isTimeZone } from '@kosh/contracts';
import { listCountries, listStates } from '../db/seed/value-lists.ts';
import { validation } from '../http/app-error.ts';
import type { LocalizationsRepository } from '../i18n/localizations.repository.ts';

/**
 * 422 naming each profile field that names nothing known: a country or state of the value lists
 * (a state of the country given, else of the user's), a language the site has, an IANA time zone.
 * The account page and the admin area check with it alike.
 */
export async function checkProfileFields(
  body: { country_id?: number | null; state_id?: number | null; language?: string | null; timezone?: string | null },
  row: { country_id: number | null },
  localizations: Pick<LocalizationsRepository, 'getByLanguage'>,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (body.country_id && !listCountries().some((c) => c.id === body.country_id))
    errors.country_id = ['The selected country is invalid.'];
  const countryId = body.country_id === undefined ? row.country_id : body.country_id;
  if (body.state_id && (!countryId || !listStates(countryId).some((s) => s.id === body.state_id)))
    errors.state_id = ['The selected state is invalid.'];
  if (body.language && !(await localizations.getByLanguage(body.language)))
    errors.language = ['The selected language is invalid.'];
  if (body.timezone && !isTimeZone(body.timezone)) errors.timezone = ['The selected timezone is invalid.'];
  if (Object.keys(errors).length) throw validation(errors);
}
