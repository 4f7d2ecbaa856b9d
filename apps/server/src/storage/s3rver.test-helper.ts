import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageOptions } from './s3-storage';

export interface LocalS3 {
  options: S3StorageOptions;
  close(): Promise<void>;
}

/**
 * A fake S3 (s3rver) on a random loopback port with one bucket, its objects
 * in a temp folder. Nothing leaves the machine.
 */
export async function startLocalS3(bucket = 'otakura-test'): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'otakura-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    options: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
