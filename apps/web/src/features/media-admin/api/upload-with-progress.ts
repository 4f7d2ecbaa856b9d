import type { z } from 'zod';
import { invalidResponseError, parseJsonText, toApiError } from '@/lib/api-error';
import { buildUrl } from '@/lib/api-client';
import { sendOnce, type TransportDeps } from '@/lib/transport';

/*
 * One multipart upload of the administration with real progress (XMLHttpRequest through the
 * app's transport) and the answer's `Warning` header, which `api.upload` does not expose: the
 * video route warns there when an MP4 keeps its index after the media data. Not retried on its
 * own: appending pages twice would duplicate them, so a failure is shown with "Try again".
 */

export type UploadPhase =
  /** Bytes are going up: `loaded` of `total` (the browser's own count). */
  | { phase: 'uploading'; loaded: number; total: number }
  /** Every byte is sent; the server is checking and storing the file. */
  | { phase: 'processing' };

export interface UploadRequest<S extends z.ZodType> {
  method: 'POST' | 'PUT';
  /** Under `/api` (`/admin/media/…`). */
  path: string;
  /** The files, each as multipart field `file`, in order. */
  files: readonly File[];
  schema: S;
  onStatus?: (status: UploadPhase) => void;
  signal?: AbortSignal;
  deps?: TransportDeps;
}

export interface UploadResult<T> {
  data: T;
  /** The answer's `Warning` header, if any (e.g. `199 - "moov after mdat: …"`). */
  warning: string | null;
}

export async function uploadWithProgress<S extends z.ZodType>({
  method,
  path,
  files,
  schema,
  onStatus,
  signal,
  deps,
}: UploadRequest<S>): Promise<UploadResult<z.output<S>>> {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  const size = files.reduce((sum, f) => sum + f.size, 0);
  onStatus?.({ phase: 'uploading', loaded: 0, total: size });
  const res = await sendOnce(
    {
      method,
      url: buildUrl(path),
      headers: { Accept: 'application/json' },
      body: form,
      signal,
      onUploadProgress: (loaded, total) => {
        const all = total > 0 ? total : size;
        onStatus?.({ phase: 'uploading', loaded: Math.min(loaded, all), total: all });
      },
      onUploadDone: () => onStatus?.({ phase: 'processing' }),
    },
    deps,
  );
  if (res.status < 200 || res.status >= 300) throw toApiError(res);
  const json = parseJsonText(res.text);
  const parsed = json.ok ? schema.safeParse(json.value) : undefined;
  if (!parsed?.success) throw invalidResponseError(res.status);
  return { data: parsed.data as z.output<S>, warning: res.header('warning') };
}
