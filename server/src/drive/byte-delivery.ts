import type { StorageDriver } from '../storage/storage-driver.ts';
import type { SendOptions } from './send-download.ts';

/** How a stored file's bytes leave the server, by its storage key. */
export type ByteDelivery = (key: string) => Pick<SendOptions, 'accelRedirect' | 'localPath'>;

/**
 * X-Accel-Redirect applies to bytes nginx can read from disk: the local driver's, when
 * X_ACCEL_REDIRECT_PREFIX is set. Without it, a local file is sent from its path.
 */
export function byteDeliveryOf(storage: StorageDriver, accelPrefix: string | undefined): ByteDelivery {
  return (key) => ({
    accelRedirect: accelPrefix && storage.kind === 'local' ? `${accelPrefix}${key}` : undefined,
    localPath: storage.localPath?.(key),
  });
}
