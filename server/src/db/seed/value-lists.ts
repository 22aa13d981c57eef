import { createRequire } from 'node:module';

export type TimezoneOption = { value: string; text: string };
export type CountryOption = { id: number; code: string; name: string };
export type StateOption = { id: number; country_id: number; name: string; code: string };

/**
 * ICU lists some zones under their old CLDR names (Asia/Calcutta); users and the
 * spec know the current IANA names, which every runtime also accepts.
 */
const LEGACY_ZONE_NAMES: Record<string, string> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** '(UTC+05:30)' for the zone's offset at `at` (so DST zones show today's offset). */
export function formatUtcOffset(timeZone: string, at: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at);
  const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const offset = name === 'GMT' ? '+00:00' : name.replace('GMT', '');
  return `(UTC${offset})`;
}

const QUARTER_HOUR_MS = 15 * 60 * 1000;
// Building the list takes ~35 ms of Intl work; offsets only change on quarter hours.
let timezoneCache: { slot: number; groups: Record<string, TimezoneOption[]> } | undefined;

/** Time zones grouped by region (the part before the first '/'), 'UTC' in its own group. */
export function listTimezones(at: Date = new Date()): Record<string, TimezoneOption[]> {
  const slot = Math.floor(at.getTime() / QUARTER_HOUR_MS);
  if (timezoneCache?.slot !== slot) timezoneCache = { slot, groups: buildTimezones(at) };
  return structuredClone(timezoneCache.groups);
}

function buildTimezones(at: Date): Record<string, TimezoneOption[]> {
  const names = new Set(Intl.supportedValuesOf('timeZone').map((zone) => LEGACY_ZONE_NAMES[zone] ?? zone));
  names.add('UTC');
  const groups: Record<string, TimezoneOption[]> = {};
  for (const value of [...names].sort()) {
    const region = value.includes('/') ? value.slice(0, value.indexOf('/')) : value;
    const group = groups[region] ?? [];
    group.push({ value, text: `${formatUtcOffset(value, at)} ${value}` });
    groups[region] = group;
  }
  return groups;
}

type CscCountry = { name: string; isoCode: string };
type CscState = { name: string; isoCode: string; countryCode: string };
type CscData = { countries: CountryOption[]; statesByCountryId: Map<number, StateOption[]> };

let cache: CscData | undefined;

/**
 * Loads country-state-city's country and state tables on first use (about 20 ms);
 * the package index would also parse its 8 MB city table, which we never need.
 * Ids are the package order + 1, which is the countries-states-cities database
 * numbering (India 101, US 233); state ids are the global state order + 1.
 */
function loadCountryData(): CscData {
  if (cache) return cache;
  const require = createRequire(import.meta.url);
  const countryModule = require('country-state-city/lib/cjs/country.js') as {
    default: { getAllCountries(): CscCountry[] };
  };
  const stateModule = require('country-state-city/lib/cjs/state.js') as {
    default: { getAllStates(): CscState[] };
  };
  const countries = countryModule.default
    .getAllCountries()
    .map((c, index) => ({ id: index + 1, code: c.isoCode, name: c.name }));
  const idByCode = new Map(countries.map((c) => [c.code, c.id]));
  const statesByCountryId = new Map<number, StateOption[]>();
  stateModule.default.getAllStates().forEach((s, index) => {
    const countryId = idByCode.get(s.countryCode);
    if (countryId === undefined) return;
    const list = statesByCountryId.get(countryId) ?? [];
    list.push({ id: index + 1, country_id: countryId, name: s.name, code: s.isoCode });
    statesByCountryId.set(countryId, list);
  });
  cache = { countries, statesByCountryId };
  return cache;
}

/** Every country with its stable id and ISO code, in database id order. */
export function listCountries(): CountryOption[] {
  return loadCountryData().countries.map((c) => ({ ...c }));
}

/** The states of one country (empty when the country has none or is unknown), by name. */
export function listStates(countryId: number): StateOption[] {
  const states = loadCountryData().statesByCountryId.get(countryId) ?? [];
  return states.map((s) => ({ ...s })).sort((a, b) => a.name.localeCompare(b.name));
}
