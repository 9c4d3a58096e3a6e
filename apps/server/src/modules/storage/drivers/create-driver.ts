import path from 'node:path';
import type { TConfig } from '../../../config';
import { createLocalDriver } from './local-driver';
import { createS3Driver } from './s3-driver';
import type { TStorageDriver } from './storage-driver';

/** The driver STORAGE_DRIVER names. Both keep temporary bytes under DATA_DIR/storage. */
export function createStorageDriver(config: TConfig): TStorageDriver {
  const root = path.join(config.dataDir, 'storage');
  switch (config.storage.driver) {
    case 'local':
      return createLocalDriver(root);
    case 's3':
      return createS3Driver({ ...config.storage.s3, spoolDir: path.join(root, 's3-spool') });
  }
}
