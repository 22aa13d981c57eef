import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints } from '@kosh/contracts/endpoints';
import { call } from '../../api/call.ts';
import { driveKeys } from '../../api/drive.api.ts';
import { SUGGESTION_DEBOUNCE_MS, SUGGESTION_LIMIT, suggestionQuery } from './suggestions.ts';

/** A value that follows `value` once it has stayed the same for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Names matching what is typed (GET drive/file-entries?section=search), the first few by relevance of the
 * listing's order. The query is in the key, so a newer text leaves the older call unobserved and TanStack
 * aborts it through the signal; the last answer stays shown while the next one loads.
 */
export function useSearchSuggestions(text: string, isEnabled: boolean) {
  const query = suggestionQuery(useDebounced(text, SUGGESTION_DEBOUNCE_MS));
  return useQuery({
    // Under the drive's key, so creating, renaming or trashing marks the suggestions stale too.
    queryKey: [...driveKeys.all, 'suggestions', query] as const,
    queryFn: async ({ signal }) => {
      const page = await call(endpoints.listFileEntries, {
        query: { section: 'search', query: query ?? '', page: 1, perPage: SUGGESTION_LIMIT },
        signal,
      });
      return page.data;
    },
    enabled: isEnabled && query !== null,
    placeholderData: keepPreviousData,
  });
}
