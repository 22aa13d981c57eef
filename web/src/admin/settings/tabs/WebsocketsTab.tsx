import { useQuery } from '@tanstack/react-query';
import { RealtimeStatusSchema, type ServerProcess } from '@kosh/contracts';
import type { EndpointDefinition } from '@kosh/contracts/endpoints';
import { call } from '../../../api/call.ts';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useFormatMoment } from '../../useAdminFormat.ts';
import { SettingsNotice } from '../SettingsNotice.tsx';
import { SettingsSection } from '../SettingsSection.tsx';

const realtimeStatus = {
  method: 'GET',
  path: 'admin/realtime',
  response: RealtimeStatusSchema,
} as const satisfies EndpointDefinition;

function listenerLabel(process: ServerProcess, trans: (line: string) => string): string {
  if (process.listening === null) return trans('Not needed (one process)');
  return process.listening ? trans('Connected') : trans('Reconnecting');
}

/**
 * Websockets: Kosh's realtime channel needs no setting (server-sent events, carried between
 * processes by PostgreSQL LISTEN/NOTIFY); the tab shows it working: every process, its open
 * streams and its listener.
 */
export function WebsocketsTab() {
  const { trans } = useTrans();
  const formatMoment = useFormatMoment();
  const status = useQuery({
    queryKey: ['admin', 'settings', 'realtime'],
    queryFn: ({ signal }) => call(realtimeStatus, { signal }),
    refetchInterval: 15_000,
  });
  return (
    <SettingsSection
      title={trans('Realtime')}
      description={trans(
        'Notifications reach open pages through server-sent events; with PostgreSQL, every server ' +
          'process hears the others through LISTEN/NOTIFY. There is nothing to set up.',
      )}
    >
      {status.isPending ? (
        <Spinner label={trans('Loading')} />
      ) : status.isError ? (
        <SettingsNotice tone="danger">{trans('The realtime status could not be read.')}</SettingsNotice>
      ) : (
        <>
          <p className="text-sm text-fg">
            {status.data.hub === 'postgres'
              ? trans('Across processes: PostgreSQL LISTEN/NOTIFY.')
              : trans('One process (SQLite): events stay inside it.')}
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{trans('Server processes')}</caption>
              <thead className="text-xs text-fg-muted">
                <tr>
                  <th className="py-2 pr-4 font-medium">{trans('Process')}</th>
                  <th className="py-2 pr-4 font-medium">{trans('Open streams')}</th>
                  <th className="py-2 pr-4 font-medium">{trans('Listener')}</th>
                  <th className="py-2 font-medium">{trans('Started')}</th>
                </tr>
              </thead>
              <tbody>
                {status.data.processes.map((p) => (
                  <tr key={p.id} className="border-t border-divider">
                    <td className="py-2 pr-4">
                      {p.host} · {p.pid}
                      {p.current && <span className="ml-2 text-xs text-fg-muted">({trans('this one')})</span>}
                    </td>
                    <td className="py-2 pr-4 tabular-nums">{p.clients}</td>
                    <td className="py-2 pr-4">{listenerLabel(p, trans)}</td>
                    <td className="py-2">{formatMoment(p.started_at, true)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div>
            <Button variant="text" size="sm" onPress={() => void status.refetch()} isDisabled={status.isFetching}>
              {trans('Refresh')}
            </Button>
          </div>
        </>
      )}
    </SettingsSection>
  );
}
