import path from 'node:path';
import type { Config } from '../config.ts';
import { LocalStorageDriver } from './local.ts';
import { S3StorageDriver } from './s3.ts';
import type { StorageDriver } from './storage-driver.ts';

/** The driver STORAGE_DRIVER names: local disk under DATA_DIR/files, or the S3_* bucket. */
export function createStorageDriver(config: Config): StorageDriver {
  if (config.storageDriver === 's3') {
    const s3 = config.s3;
    // config.ts already refused STORAGE_DRIVER=s3 without these.
    return new S3StorageDriver({ endpoint: s3.endpoint, region: s3.region, bucket: s3.bucket!, accessKeyId: s3.accessKeyId!, secretAccessKey: s3.secretAccessKey!, forcePathStyle: s3.forcePathStyle });
  }
  return new LocalStorageDriver(path.join(config.dataDir, 'files'));
}
