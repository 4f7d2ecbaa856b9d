import { LIMITS } from '@otakura/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { isAbortError } from '@/lib/retry-policy';
import { uploadWithProgress, type UploadPhase } from '../api/upload-with-progress';

export type UploadKind = 'image' | 'video';

/** The server's caps (15 MB images, 200 MB videos): a bigger file is refused before it is sent. */
export const UPLOAD_LIMIT_BYTES: Record<UploadKind, number> = {
  image: LIMITS.imageUploadMaxBytes,
  video: LIMITS.videoUploadMaxBytes,
};

/** The server's own words for a file over the cap (the 413 it would answer). */
export function tooLargeText(kind: UploadKind): string {
  return `That file is too large. The limit is ${UPLOAD_LIMIT_BYTES[kind] / (1024 * 1024)} MB.`;
}

export type AdminUploadState<T> =
  | { phase: 'idle' }
  | (UploadPhase & { file: File })
  | { phase: 'done'; file: File; result: T; warning: string | null }
  | { phase: 'failed'; file: File; error: unknown };

export interface AdminUploadTarget<S extends z.ZodType> {
  method: 'POST' | 'PUT';
  path: string;
  schema: S;
  kind: UploadKind;
}

/**
 * One file going up to an administration endpoint with real progress, then the server's answer
 * (and its `Warning` header). `start` replaces any upload in flight; `cancel` aborts it (also on
 * unmount). A file over the server's cap fails at once with the server's message.
 */
export function useAdminUpload<S extends z.ZodType>(
  target: AdminUploadTarget<S>,
  onDone?: (result: z.output<S>, warning: string | null) => void,
) {
  const [state, setState] = useState<AdminUploadState<z.output<S>>>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const latest = useRef({ target, onDone });
  useEffect(() => {
    latest.current = { target, onDone };
  }, [target, onDone]);

  const start = useCallback(async (file: File) => {
    controller.current?.abort();
    const { target: t } = latest.current;
    if (file.size > UPLOAD_LIMIT_BYTES[t.kind]) {
      setState({
        phase: 'failed',
        file,
        error: new ApiError(413, 'payload_too_large', tooLargeText(t.kind)),
      });
      return;
    }
    const c = new AbortController();
    controller.current = c;
    try {
      const { data, warning } = await uploadWithProgress({
        method: t.method,
        path: t.path,
        files: [file],
        schema: t.schema,
        signal: c.signal,
        onStatus: (s) => {
          if (!c.signal.aborted) setState({ ...s, file });
        },
      });
      if (c.signal.aborted) return;
      setState({ phase: 'done', file, result: data, warning });
      latest.current.onDone?.(data, warning);
    } catch (error) {
      if (isAbortError(error) || c.signal.aborted) setState({ phase: 'idle' });
      else setState({ phase: 'failed', file, error });
    }
  }, []);

  const cancel = useCallback(() => {
    controller.current?.abort();
    setState({ phase: 'idle' });
  }, []);
  const reset = useCallback(() => setState({ phase: 'idle' }), []);
  useEffect(() => () => controller.current?.abort(), []);

  const busy = state.phase === 'uploading' || state.phase === 'processing';
  return { state, busy, start, cancel, reset };
}
