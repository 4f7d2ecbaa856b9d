import path from 'node:path';
import type { AppConfig } from '../config/env';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage';

/** S3 when `S3_BUCKET` is configured, else local disk under `${dataDir}/files`. */
export function createStorage(config: Pick<AppConfig, 'dataDir' | 's3'>): Storage {
  if (config.s3) return new S3Storage(config.s3);
  return new LocalStorage(path.join(config.dataDir, 'files'));
}
