import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../api/call.ts';
import { queryClient } from '../../../api/query-client.ts';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { adminEndpoints } from '../../admin-endpoints.ts';
import { SettingsNotice } from '../SettingsNotice.tsx';

const STORAGE_KEY = ['admin', 'settings', 'storage'] as const;

/**
 * The storage in use, tried live when the tab opens (a test object written, read back and
 * deleted), and for S3 the bucket CORS rule direct uploads need, which 'Configure bucket CORS' adds.
 */
export function StorageStatusPanel() {
  const { trans } = useTrans();
  const status = useQuery({
    queryKey: STORAGE_KEY,
    queryFn: ({ signal }) => call(adminEndpoints.getStorageStatus, { signal }),
    staleTime: 0,
  });
  const cors = useMutation({
    mutationFn: () => call(adminEndpoints.allowStorageCors),
    onSuccess: (answer) => queryClient.setQueryData(STORAGE_KEY, answer),
  });
  if (status.isPending) return <Spinner label={trans('Checking the storage…')} />;
  if (status.isError)
    return <SettingsNotice tone="danger">{trans('The storage could not be checked.')}</SettingsNotice>;
  const { check, cors: rule, accelPrefix } = status.data;
  const verdict = check.ok ? trans('Storage works.') : trans('Storage failed its check.');
  return (
    <div className="flex flex-col gap-3" data-testid="storage-status">
      <SettingsNotice tone={check.ok ? 'info' : 'danger'}>
        <span className="font-medium">{verdict}</span> {trans(check.message)}{' '}
        <span className="text-fg-muted">({check.ms} ms)</span>
      </SettingsNotice>
      {rule &&
        (rule.allowed ? (
          <SettingsNotice>
            {trans('The bucket lets browsers at :origin upload straight to it.', { origin: rule.origin })}
          </SettingsNotice>
        ) : (
          <SettingsNotice tone="warning">
            <p>
              {trans('The bucket has no CORS rule for :origin: uploads straight to storage will fail.', {
                origin: rule.origin,
              })}
            </p>
            <Button
              variant="secondary"
              size="sm"
              className="mt-2"
              onPress={() => cors.mutate()}
              isDisabled={cors.isPending}
            >
              {trans('Configure bucket CORS')}
            </Button>
          </SettingsNotice>
        ))}
      <p className="text-xs text-fg-muted">
        {accelPrefix
          ? trans('Downloads are handed to nginx at :prefix (X_ACCEL_REDIRECT_PREFIX).', { prefix: accelPrefix })
          : trans('Kosh sends downloads itself; behind nginx, X_ACCEL_REDIRECT_PREFIX hands them to it.')}
      </p>
      <div>
        <Button variant="text" size="sm" onPress={() => void status.refetch()} isDisabled={status.isFetching}>
          {trans('Check again')}
        </Button>
      </div>
    </div>
  );
}
