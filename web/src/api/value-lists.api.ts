import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { State, ValueLists } from '@kosh/contracts';
import { endpoints } from '@kosh/contracts/endpoints';
import { call } from './call.ts';
import { queryKeys } from './query-keys.ts';

type ListName = keyof ValueLists;
export type StateOption = State;

/** GET value-lists/{names}: timezones (grouped), countries, localizations (part 1, 7.2). */
export function useValueLists(names: ListName[]) {
  const key = names.join(',');
  return useQuery({
    queryKey: queryKeys.valueLists(key),
    queryFn: ({ signal }) => call(endpoints.getValueLists, { params: { names: key }, signal }),
    staleTime: Infinity,
  });
}

/** The time zones as Select groups, one per region; empty until the list arrives. */
export function useTimezoneGroups() {
  const { data } = useValueLists(['timezones']);
  return useMemo(
    () =>
      Object.entries(data?.timezones ?? {}).map(([region, zones]) => ({
        id: region,
        label: region,
        options: zones.map((z) => ({ id: z.value, label: z.text })),
      })),
    [data],
  );
}

/** The countries as Select options; empty until the list arrives. */
export function useCountryOptions() {
  const { data } = useValueLists(['countries']);
  return useMemo(() => (data?.countries ?? []).map((c) => ({ id: c.id, label: c.name })), [data]);
}

/**
 * The states of a country (part 1, 2.7: shown for India only). The spec leaves the path
 * open; the server answers it as `value-lists/states` with a country id. A failure hides
 * the field rather than raising a toast.
 */
export function useStates(countryId: number | null | undefined, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.states(countryId ?? 0),
    queryFn: ({ signal }) =>
      call(endpoints.getValueLists, {
        params: { names: 'states' },
        query: { countryId: countryId ?? undefined },
        signal,
      }).then((r) => r.states ?? []),
    enabled: enabled && !!countryId,
    staleTime: Infinity,
    retry: false,
    meta: { handledStatuses: 'all' },
  });
}
