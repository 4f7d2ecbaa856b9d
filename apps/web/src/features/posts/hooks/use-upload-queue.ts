import type { Upload, UploadKind } from '@otakura/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import { uploadPostFile } from '../api/upload-file';

export type UploadStatus = 'uploading' | 'retrying' | 'done' | 'error';

export interface UploadItem {
  /** Local id (the server's id is `upload.id` once done). */
  key: string;
  name: string;
  blob: Blob;
  /** Object URL for the preview (revoked on removal). */
  previewUrl: string;
  /** Guessed from the file's type, then what the server read from the bytes. */
  kind: UploadKind;
  status: UploadStatus;
  /** 0..1 of the current attempt. */
  progress: number;
  upload?: Upload;
  error?: string;
}

export interface NewUpload {
  blob: Blob;
  name: string;
  kind: UploadKind;
}

let counter = 0;
const nextKey = () => `upload-${Date.now().toString(36)}-${(counter++).toString(36)}`;

function objectUrl(blob: Blob): string {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : '';
}

function revoke(url: string) {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}

/**
 * Files of the composer: each starts uploading as soon as it is added (spec §4: files first, then
 * the post), with its own progress, retries (in uploadPostFile), cancel on removal, and a manual
 * retry after a final failure.
 */
export function useUploadQueue() {
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const urls = useRef(new Set<string>());

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const start = useCallback(
    (item: Pick<UploadItem, 'key' | 'blob' | 'name'>) => {
      controllers.current.get(item.key)?.abort();
      const controller = new AbortController();
      controllers.current.set(item.key, controller);
      patch(item.key, { status: 'uploading', progress: 0, error: undefined });
      uploadPostFile(item.blob, item.name, {
        signal: controller.signal,
        onProgress: (progress) => patch(item.key, { progress }),
        onRetry: () => patch(item.key, { status: 'retrying', progress: 0 }),
      }).then(
        (upload) => {
          controllers.current.delete(item.key);
          patch(item.key, { status: 'done', progress: 1, upload, kind: upload.kind });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          controllers.current.delete(item.key);
          patch(item.key, {
            status: 'error',
            error: isApiError(error) ? error.message : String(error),
          });
        },
      );
    },
    [patch],
  );

  const add = useCallback(
    (files: NewUpload[]): UploadItem[] => {
      const added = files.map<UploadItem>((f) => {
        const previewUrl = objectUrl(f.blob);
        if (previewUrl) urls.current.add(previewUrl);
        return {
          key: nextKey(),
          name: f.name,
          blob: f.blob,
          previewUrl,
          kind: f.kind,
          status: 'uploading',
          progress: 0,
        };
      });
      setItems((all) => [...all, ...added]);
      for (const item of added) start(item);
      return added;
    },
    [start],
  );

  const remove = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    controllers.current.delete(key);
    setItems((all) => {
      const gone = all.find((i) => i.key === key);
      if (gone) {
        revoke(gone.previewUrl);
        urls.current.delete(gone.previewUrl);
      }
      return all.filter((i) => i.key !== key);
    });
  }, []);

  const retry = useCallback(
    (key: string) => {
      setItems((all) => {
        const item = all.find((i) => i.key === key);
        if (item) queueMicrotask(() => start(item));
        return all;
      });
    },
    [start],
  );

  const reset = useCallback(() => {
    for (const c of controllers.current.values()) c.abort();
    controllers.current.clear();
    for (const url of urls.current) revoke(url);
    urls.current.clear();
    setItems([]);
  }, []);

  // Leaving the page stops the uploads and frees the previews.
  useEffect(() => {
    const cs = controllers.current;
    const us = urls.current;
    return () => {
      for (const c of cs.values()) c.abort();
      for (const url of us) revoke(url);
    };
  }, []);

  return { items, add, remove, retry, reset };
}

export type UploadQueue = ReturnType<typeof useUploadQueue>;
