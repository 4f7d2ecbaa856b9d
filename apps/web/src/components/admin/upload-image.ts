import { LIMITS } from '@otakura/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { api, type ApiClient, type ApiError } from '@/lib/api-client';
import { isAbortError } from '@/lib/retry-policy';

export { isAbortError };

/** What an upload's progress bar shows; every phase is the truth about the request in flight. */
export type UploadStatus =
  /** Bytes are going up: `loaded` of `total` (the browser's own count). */
  | { phase: 'uploading'; loaded: number; total: number; attempt: number }
  /** Every byte is sent; the server is checking and resizing the picture. */
  | { phase: 'processing'; attempt: number }
  /** The last try failed with a retryable answer; the next starts from zero in `delayMs`. */
  | { phase: 'waiting'; attempt: number; delayMs: number; error: ApiError };

/** 0–100 of the bytes sent (100 while the server processes, 0 while waiting for a retry). */
export function uploadPercent(status: UploadStatus): number {
  if (status.phase === 'processing') return 100;
  if (status.phase === 'waiting') return 0;
  return Math.min(100, Math.floor((status.loaded / Math.max(1, status.total)) * 100));
}

export type ImageProblem = 'not_image' | 'too_large' | 'empty';

/** Fast feedback before anything is sent (the server still checks the bytes themselves). */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): ImageProblem | null {
  if (!file.type.startsWith('image')) return 'not_image';
  if (file.size === 0) return 'empty';
  if (file.size > LIMITS.imageUploadMaxBytes) return 'too_large';
  return null;
}

export interface UploadImageRequest<S extends z.ZodType> {
  /** API path, e.g. `/admin/communities/{id}/image`. */
  path: string;
  /** POST (default) or PUT, as the route says. */
  method?: 'POST' | 'PUT';
  file: File;
  /** Parses the answer (the updated entity). */
  schema: S;
  onStatus?: (status: UploadStatus) => void;
  signal?: AbortSignal;
  /** For tests: a client with a fake XMLHttpRequest. */
  client?: ApiClient;
}

/**
 * One picture as multipart field `file`, with real upload progress (XMLHttpRequest through the
 * app's one transport), retried from zero on 5xx, 408, 429 and lost connections (the shared
 * upload policy). 413 and 415 fail at once.
 */
export function uploadImageFile<S extends z.ZodType>({
  path,
  method = 'POST',
  file,
  schema,
  onStatus = () => {},
  signal,
  client = api,
}: UploadImageRequest<S>): Promise<z.output<S>> {
  const form = new FormData();
  form.append('file', file, file.name);
  return client.upload(path, {
    method,
    form,
    schema,
    signal,
    onAttempt: (attempt) => onStatus({ phase: 'uploading', loaded: 0, total: file.size, attempt }),
    onProgress: ({ loaded, total, attempt }) => {
      const size = total > 0 ? total : file.size;
      onStatus({ phase: 'uploading', loaded: Math.min(loaded, size), total: size, attempt });
    },
    onUploaded: (attempt) => onStatus({ phase: 'processing', attempt }),
    onRetry: ({ attempt, delayMs, error }) =>
      onStatus({ phase: 'waiting', attempt, delayMs, error }),
  }) as Promise<z.output<S>>;
}

export type UploadSend<T> = (
  file: File,
  options: { onStatus: (status: UploadStatus) => void; signal: AbortSignal },
) => Promise<T>;

export interface ImageUploadState<T> {
  /** The request in flight, or null. */
  status: UploadStatus | null;
  /** The last failure (not a cancel), or null. */
  error: unknown;
  isPending: boolean;
  /**
   * Sends `file` (through `send`, or the hook's own sender); resolves with the answer, rejects
   * with the failure (also kept in `error`).
   */
  upload: (file: File, send?: UploadSend<T>) => Promise<T>;
  /** Stops the upload in flight (also on unmount). */
  cancel: () => void;
  /** Forgets the last failure. */
  reset: () => void;
}

/**
 * Runs one upload at a time with its progress and its failure, for an `ImageUploadField`. `send`
 * is the default sender; a form that creates its entity first passes the sender to `upload`.
 */
export function useImageUpload<T>(send?: UploadSend<T>): ImageUploadState<T> {
  const [status, setStatus] = useState<UploadStatus | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [isPending, setPending] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  }, [send]);

  const upload = useCallback(async (file: File, sendNow?: UploadSend<T>) => {
    const sender = sendNow ?? sendRef.current;
    if (!sender) throw new Error('useImageUpload: nothing to send the file with');
    controller.current?.abort();
    const c = new AbortController();
    controller.current = c;
    setError(null);
    setPending(true);
    setStatus({ phase: 'uploading', loaded: 0, total: file.size, attempt: 1 });
    try {
      return await sender(file, {
        signal: c.signal,
        onStatus: (s) => {
          if (!c.signal.aborted) setStatus(s);
        },
      });
    } catch (failure) {
      if (!isAbortError(failure) && controller.current === c) setError(failure);
      throw failure;
    } finally {
      if (controller.current === c) {
        setPending(false);
        setStatus(null);
      }
    }
  }, []);

  const cancel = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => setError(null), []);
  useEffect(() => () => controller.current?.abort(), []);

  return { status, error, isPending, upload, cancel, reset };
}
