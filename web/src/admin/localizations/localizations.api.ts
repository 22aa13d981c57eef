import { useMutation, useQuery } from '@tanstack/react-query';
import type { CreateLocalizationBody, LocalizationLinesMap, UpdateLocalizationBody } from '@kosh/contracts';
import { endpoints } from '@kosh/contracts/endpoints';
import { call, fillPath } from '../../api/call.ts';
import { resolveUrl } from '../../api/http.ts';
import { queryClient } from '../../api/query-client.ts';
import { setBootstrapData } from '../../shell/bootstrap-store.ts';
import { LOCALIZATION_DOWNLOAD_PATH, localizationEndpoints as api } from '../admin-endpoints.ts';
import type { ListQuery } from '../table/useAdminList.ts';

/** Query keys of the localizations screens. */
export const localizationKeys = {
  all: ['admin', 'localizations'] as const,
  list: ['admin', 'localizations', 'list'] as const,
  lines: (id: number) => ['admin', 'localizations', 'lines', id] as const,
};

export const fetchLocalizations = (query: ListQuery, signal: AbortSignal) => call(api.list, { query, signal });

/** The JSON file of a localization, as a plain link (the server answers an attachment). */
export const localizationDownloadUrl = (id: number) => resolveUrl(fillPath(LOCALIZATION_DOWNLOAD_PATH, { id }));

/**
 * The language picker lists every localization, and the staff member's own language may have
 * changed: both come from the bootstrap data, read again after a change (no reload).
 */
async function refreshBootstrapLanguages() {
  const fresh = await call(endpoints.getBootstrapData).catch(() => undefined);
  if (fresh) setBootstrapData((prev) => ({ ...prev, localizations: fresh.localizations, i18n: fresh.i18n }));
}

const refresh = () =>
  Promise.all([queryClient.invalidateQueries({ queryKey: localizationKeys.all }), refreshBootstrapLanguages()]);

/** Creates (no id) or renames a localization; the form shows 422s on its fields. */
export function useSaveLocalization() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CreateLocalizationBody | UpdateLocalizationBody }) =>
      id === null
        ? call(api.create, { body: body as CreateLocalizationBody })
        : call(api.update, { params: { id }, body }),
    meta: { handledStatuses: [422] },
    onSuccess: refresh,
  });
}

/** Deletes a localization; a 409 (the last one, the default language) is shown by the general handler. */
export function useDeleteLocalization() {
  return useMutation({
    mutationFn: (id: number) => call(api.delete, { params: { id } }),
    onSuccess: refresh,
  });
}

/** Merges a JSON file over a localization's lines; a 422 or 413 names what is wrong with the file. */
export function useUploadLines() {
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return call(api.upload, { params: { id }, body: form });
    },
    onSuccess: refresh,
  });
}

/** Every line of a localization beside its English source. */
export function useLocalizationLines(id: number) {
  return useQuery({
    queryKey: localizationKeys.lines(id),
    queryFn: ({ signal }) => call(api.lines, { params: { id }, signal }),
  });
}

/** Saves the changed lines only; the others stay as they are on the server. A refusal shows as a toast. */
export function useSaveLines(id: number) {
  return useMutation({
    mutationFn: (lines: LocalizationLinesMap) => call(api.saveLines, { params: { id }, body: { lines } }),
    onSuccess: refresh,
  });
}
