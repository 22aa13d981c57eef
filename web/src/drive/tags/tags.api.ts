import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { endpoints } from '@kosh/contracts/endpoints';
import { call } from '../../api/call.ts';
import { driveKeys } from '../../api/drive.api.ts';
import { queryClient } from '../../api/query-client.ts';

// The drive's tag calls (server/src/tags/tags.routes.ts) are in the shared endpoint table, whose
// schemas the web build leaves out of the browser.
export const tagKeys = {
  suggestions: (text: string) => ['drive', 'tag-suggestions', text] as const,
};

/** Listings show tags and filter by them: every list is read again after a change. */
const refresh = () => queryClient.invalidateQueries({ queryKey: driveKeys.all });

export function useAttachTags() {
  return useMutation({
    mutationFn: (body: { entryIds: number[]; tags: string[] }) => call(endpoints.attachTags, { body }),
    // The dialog shows why a tag was refused beside the field.
    meta: { handledStatuses: [422] },
    onSuccess: refresh,
  });
}

export function useDetachTags() {
  return useMutation({
    mutationFn: (body: { entryIds: number[]; tagIds: number[] }) => call(endpoints.detachTags, { body }),
    onSuccess: refresh,
  });
}

/** Tags for the tag input; the last answer stays while the next loads. */
export function useTagSuggestions(text: string, enabled: boolean) {
  return useQuery({
    queryKey: tagKeys.suggestions(text),
    queryFn: ({ signal }) => call(endpoints.suggestTags, { query: { query: text || undefined, perPage: 8 }, signal }),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 30_000,
  });
}
