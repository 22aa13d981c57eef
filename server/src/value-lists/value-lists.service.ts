import { VALUE_LIST_NAMES, type ValueLists } from '@kosh/contracts';
import { validation } from '../http/app-error.ts';
import type { LocalizationsRepository } from '../i18n/localizations.repository.ts';
import { listCountries, listStates, listTimezones } from '../db/seed/value-lists.ts';

type ListName = (typeof VALUE_LIST_NAMES)[number];

export class ValueListsService {
  private readonly localizations: LocalizationsRepository;
  constructor(localizations: LocalizationsRepository) {
    this.localizations = localizations;
  }

  /** The named lists (comma-joined), each once; an unknown name is a 422; `states` needs a countryId. */
  async get(namesParam: string, countryId?: number): Promise<ValueLists> {
    const names = [
      ...new Set(
        namesParam
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean),
      ),
    ];
    const unknown = names.filter((n) => !VALUE_LIST_NAMES.includes(n as ListName));
    if (!names.length || unknown.length) {
      throw validation({
        names: [`Unknown value list: ${unknown.join(', ') || '(none)'}. Known lists: ${VALUE_LIST_NAMES.join(', ')}.`],
      });
    }
    if (names.includes('states') && !countryId)
      throw validation({ countryId: ['Choose a country to list its states.'] });
    const lists: ValueLists = {};
    for (const name of names as ListName[]) {
      if (name === 'timezones') lists.timezones = listTimezones();
      if (name === 'countries') lists.countries = await listCountries();
      if (name === 'localizations') lists.localizations = await this.localizations.listSummaries();
      if (name === 'states' && countryId) lists.states = listStates(countryId);
    }
    return lists;
  }
}
