import { useMutation, useQuery } from '@tanstack/react-query';
import { CachesSchema } from '@kosh/contracts';
import type { EndpointDefinition } from '@kosh/contracts/endpoints';
import { call } from '../../../api/call.ts';
import { queryClient } from '../../../api/query-client.ts';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useFormatMoment } from '../../useAdminFormat.ts';
import { SettingsNotice } from '../SettingsNotice.tsx';
import { SettingsSection } from '../SettingsSection.tsx';

const listCaches = { method: 'GET', path: 'admin/cache', response: CachesSchema } as const satisfies EndpointDefinition;
const clearCaches = {
  method: 'POST',
  path: 'admin/cache/clear',
  response: CachesSchema,
} as const satisfies EndpointDefinition;
const CACHES_KEY = ['admin', 'settings', 'caches'] as const;

/** Cache: what the server keeps in memory (short-lived), and 'Clear caches' for every process. */
export function CacheTab() {
  const { trans } = useTrans();
  const formatMoment = useFormatMoment();
  const caches = useQuery({ queryKey: CACHES_KEY, queryFn: ({ signal }) => call(listCaches, { signal }) });
  const keptFor = (seconds: number) => trans('Kept up to :seconds seconds.', { seconds: String(seconds) });
  const clear = useMutation({
    mutationFn: () => call(clearCaches),
    onSuccess: (answer) => queryClient.setQueryData(CACHES_KEY, answer),
  });
  return (
    <SettingsSection
      title={trans('Caches')}
      description={trans(
        'Kosh keeps a few answers in memory for a short while. Files, thumbnails and settings are never cached: ' +
          'a change shows at once.',
      )}
    >
      {caches.isPending ? (
        <Spinner label={trans('Loading')} />
      ) : caches.isError ? (
        <SettingsNotice tone="danger">{trans('The caches could not be read.')}</SettingsNotice>
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-divider">
            {caches.data.caches.map((c) => (
              <li key={c.id} className="flex items-start justify-between gap-4 py-3">
                <div className="min-w-0">
                  <p className="text-sm font-medium text-fg">{trans(c.name)}</p>
                  <p className="text-xs text-fg-muted">{`${trans(c.description)} ${keptFor(c.ttl_seconds)}`}</p>
                </div>
                <span className="shrink-0 text-sm tabular-nums text-fg">
                  {trans(':count entries', { count: String(c.entries) })}
                </span>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" onPress={() => clear.mutate()} isDisabled={clear.isPending}>
              {trans('Clear caches')}
            </Button>
            {caches.data.cleared_at && (
              <span className="text-xs text-fg-muted">
                {trans('Last cleared :when; every server process follows within 15 seconds.', {
                  when: formatMoment(caches.data.cleared_at, true),
                })}
              </span>
            )}
          </div>
        </>
      )}
    </SettingsSection>
  );
}
