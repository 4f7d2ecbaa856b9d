import { MeSchema, type Me } from '@otakura/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, createApiClient, type ApiClientDeps, type ApiError } from '@/lib/api-client';
import { isAbortError } from '@/lib/retry-policy';
import { userKeys } from './user-keys';

/** `avatar` is the profile picture, `banner` the banner picture. */
export type ImageKind = 'avatar' | 'banner';

/** What the progress bar shows. Every phase is the truth about the request in flight. */
export type UploadStatus =
  /** Bytes are going up: `loaded` of `total` (the browser's own count). */
  | { phase: 'uploading'; loaded: number; total: number; attempt: number }
  /** Every byte is sent; the server is checking and resizing the image. */
  | { phase: 'processing'; attempt: number }
  /** The last try failed with a retryable answer; the next starts at `retryAt` (epoch ms) from zero. */
  | { phase: 'waiting'; attempt: number; retryAt: number; delayMs: number; error: ApiError };

export interface UploadOptions {
  onStatus?: (status: UploadStatus) => void;
  signal?: AbortSignal;
}

export interface UploadDeps extends Pick<ApiClientDeps, 'createXhr' | 'sleep' | 'now' | 'random'> {
  /** How long uploads keep retrying (DESIGN.md: 10 minutes). */
  retryWindowMs?: number;
}

export { isAbortError };

/**
 * `POST /me/avatar` or `/me/banner` (multipart field `file`), answering the updated Me, through
 * the app's one transport (`api.upload`). A failed connection, 5xx, 408 or 429 is retried with
 * the shared backoff (honouring Retry-After) for up to 10 minutes; each retry starts from zero
 * and says so, so the progress bar never shows more than was really sent. 413 and 415 fail at once.
 */
export async function uploadImage(
  kind: ImageKind,
  file: File,
  { onStatus = () => {}, signal }: UploadOptions = {},
  deps?: UploadDeps,
): Promise<Me> {
  const client = deps ? createApiClient({ ...deps, uploadRetryWindowMs: deps.retryWindowMs }) : api;
  const now = deps?.now ?? (() => Date.now());
  const form = new FormData();
  form.append('file', file, file.name);
  return client.upload(`/me/${kind}`, {
    form,
    schema: MeSchema,
    signal,
    onAttempt: (attempt) => onStatus({ phase: 'uploading', loaded: 0, total: file.size, attempt }),
    onProgress: ({ loaded, total, attempt }) => {
      const size = total > 0 ? total : file.size;
      onStatus({ phase: 'uploading', loaded: Math.min(loaded, size), total: size, attempt });
    },
    onUploaded: (attempt) => onStatus({ phase: 'processing', attempt }),
    onRetry: ({ attempt, delayMs, error }) =>
      onStatus({ phase: 'waiting', attempt, retryAt: now() + delayMs, delayMs, error }),
  });
}

/**
 * Uploads a profile or banner picture with real progress (`status`), retries as above, and
 * `cancel()` (also on unmount). On success the cached Me is replaced by the server's answer.
 */
export function useUploadImageMutation(kind: ImageKind) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<UploadStatus | null>(null);
  const controller = useRef<AbortController | null>(null);

  const mutation = useMutation({
    mutationFn: (file: File) => {
      controller.current?.abort();
      const c = new AbortController();
      controller.current = c;
      return uploadImage(kind, file, {
        signal: c.signal,
        onStatus: (s) => {
          if (!c.signal.aborted) setStatus(s);
        },
      });
    },
    onSuccess: (me) => {
      queryClient.setQueryData(userKeys.me(), me);
      void queryClient.invalidateQueries({ queryKey: userKeys.detail(me.id) });
    },
    onSettled: () => setStatus(null),
  });

  const cancel = useCallback(() => controller.current?.abort(), []);
  useEffect(() => () => controller.current?.abort(), []);

  return { ...mutation, status, cancel };
}
