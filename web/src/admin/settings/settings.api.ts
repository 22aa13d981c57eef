import { useMutation, useQuery } from '@tanstack/react-query';
import type { AdminSettings } from '@kosh/contracts';
import { endpoints } from '@kosh/contracts/endpoints';
import { call } from '../../api/call.ts';
import { queryClient } from '../../api/query-client.ts';
import { setBootstrapData } from '../../shell/bootstrap-store.ts';
import { adminEndpoints } from '../admin-endpoints.ts';
import type { SettingsMap } from './settings-form.ts';

/** Query keys of the settings screens. */
export const settingsKeys = {
  all: ['admin', 'settings'] as const,
  customPages: ['admin', 'settings', 'custom-pages'] as const,
};

/** Every editable setting, which secrets are set, what the environment fixes, and how the server runs. */
export function useAdminSettings() {
  return useQuery({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => call(adminEndpoints.getSettings, { signal }),
  });
}

/** The public settings this tab shows (site name, theme, policies...) follow a save without a reload. */
async function refreshBootstrapSettings() {
  const fresh = await call(endpoints.getBootstrapData).catch(() => undefined);
  if (fresh) setBootstrapData((prev) => ({ ...prev, settings: fresh.settings, cookie_notice: fresh.cookie_notice }));
}

/** Saves the changed keys, all or nothing; a 422 is the form's to show on its fields. */
export function useSaveSettings() {
  return useMutation({
    mutationFn: (settings: SettingsMap) => call(adminEndpoints.updateSettings, { body: { settings } }),
    meta: { handledStatuses: [422] },
    onSuccess: (answer: AdminSettings) => {
      queryClient.setQueryData(settingsKeys.all, answer);
      void refreshBootstrapSettings();
    },
  });
}

/** The custom pages to choose the homepage from (at most 100, the API's page size); empty until they arrive. */
export function useCustomPageOptions(enabled: boolean) {
  return useQuery({
    queryKey: settingsKeys.customPages,
    queryFn: ({ signal }) => call(adminEndpoints.listAdminCustomPages, { query: { perPage: 100 }, signal }),
    select: (page) => page.data.map((p) => ({ id: String(p.id), label: p.title || p.slug })),
    enabled,
    staleTime: 60_000,
  });
}
