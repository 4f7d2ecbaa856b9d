import { UploadSchema, type Upload } from '@otakura/shared';
import { api, createApiClient, type ApiClientDeps } from '@/lib/api-client';

/*
 * POST /api/uploads through the app's one transport (`api.upload`: XMLHttpRequest, because fetch
 * cannot report upload progress). Spec §9 and DESIGN.md: retried on 5xx, 408, 429 and network
 * failures with the shared backoff for up to 10 minutes, and the progress bar says so honestly
 * (it starts again from 0 on a retry).
 */

export interface UploadDeps extends Pick<ApiClientDeps, 'createXhr' | 'sleep' | 'now' | 'random'> {
  /** How long the upload keeps retrying (default 10 minutes). */
  windowMs?: number;
}

export interface UploadFileOptions {
  /** 0..1 of the bytes sent in the current attempt. */
  onProgress?: (fraction: number) => void;
  /** A retryable failure happened; the next attempt starts in `delayMs`. */
  onRetry?: (attempt: number, delayMs: number) => void;
  signal?: AbortSignal;
  deps?: UploadDeps;
}

/** Uploads one file for a post; resolves with what the server found it to be (from its bytes). */
export async function uploadPostFile(
  file: Blob,
  filename: string,
  { onProgress, onRetry, signal, deps }: UploadFileOptions = {},
): Promise<Upload> {
  const client = deps ? createApiClient({ ...deps, uploadRetryWindowMs: deps.windowMs }) : api;
  const form = new FormData();
  form.append('file', file, filename);
  onProgress?.(0);
  const upload = await client.upload('/uploads', {
    form,
    schema: UploadSchema,
    signal,
    onProgress: ({ loaded, total }) => {
      if (total > 0) onProgress?.(loaded / total);
    },
    onRetry: ({ attempt, delayMs }) => {
      onProgress?.(0);
      onRetry?.(attempt, delayMs);
    },
  });
  onProgress?.(1);
  return upload;
}
