import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  AttachTagsBodySchema,
  DetachTagsBodySchema,
  FileEntriesResponseSchema,
  TagSuggestionsQuerySchema,
  TagSuggestionsResponseSchema,
} from '@kosh/contracts';
import type { EndpointDefinition } from '@kosh/contracts/endpoints';
import { call } from '../../api/call.ts';
import { driveKeys } from '../../api/drive.api.ts';
import { queryClient } from '../../api/query-client.ts';

/** The drive's tag calls (server/src/tags/tags.routes.ts), typed by their schemas. */
export const tagEndpoints = {
  attachTags: {
    method: 'POST',
    path: 'file-entries/tags',
    body: AttachTagsBodySchema,
    response: FileEntriesResponseSchema,
  },
  detachTags: {
    method: 'POST',
    path: 'file-entries/tags/remove',
    body: DetachTagsBodySchema,
    response: FileEntriesResponseSchema,
  },
  suggestTags: {
    method: 'GET',
    path: 'tags',
    query: TagSuggestionsQuerySchema,
    response: TagSuggestionsResponseSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;

export const tagKeys = {
  suggestions: (text: string) => ['drive', 'tag-suggestions', text] as const,
};

/** Listings show tags and filter by them: every list is read again after a change. */
const refresh = () => queryClient.invalidateQueries({ queryKey: driveKeys.all });

export function useAttachTags() {
  return useMutation({
    mutationFn: (body: { entryIds: number[]; tags: string[] }) => call(tagEndpoints.attachTags, { body }),
    // The dialog shows why a tag was refused beside the field.
    meta: { handledStatuses: [422] },
    onSuccess: refresh,
  });
}

export function useDetachTags() {
  return useMutation({
    mutationFn: (body: { entryIds: number[]; tagIds: number[] }) => call(tagEndpoints.detachTags, { body }),
    onSuccess: refresh,
  });
}

/** Tags for the tag input; the last answer stays while the next loads. */
export function useTagSuggestions(text: string, enabled: boolean) {
  return useQuery({
    queryKey: tagKeys.suggestions(text),
    queryFn: ({ signal }) =>
      call(tagEndpoints.suggestTags, { query: { query: text || undefined, perPage: 8 }, signal }),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 30_000,
  });
}
