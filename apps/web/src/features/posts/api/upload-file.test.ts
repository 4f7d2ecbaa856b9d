import { describe, expect, it, vi } from 'vitest';
import { isApiError } from '@/lib/api-client';
import { uploadPostFile } from './upload-file';

const UPLOAD = {
  id: '0190bbbb-0000-7000-8000-000000000001',
  kind: 'image',
  url: '/files/u.webp',
  width: 10,
  height: 10,
  placeholder: '#000000',
  size: 5,
};

interface Script {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A fake XMLHttpRequest that answers each send() with the next scripted reply. */
function fakeXhr(replies: Script[]) {
  const sent: FormData[] = [];
  const create = () => {
    const reply = replies.shift()!;
    const xhr = {
      upload: { onprogress: null as null | ((e: ProgressEvent) => void) },
      status: 0,
      responseText: '',
      onload: null as null | (() => void),
      onerror: null as null | (() => void),
      ontimeout: null as null | (() => void),
      onabort: null as null | (() => void),
      open: vi.fn(),
      setRequestHeader: vi.fn(),
      abort: vi.fn(() => xhr.onabort?.()),
      // Case-insensitive, like the real one.
      getResponseHeader: (name: string) =>
        Object.entries(reply.headers ?? {}).find(
          ([key]) => key.toLowerCase() === name.toLowerCase(),
        )?.[1] ?? null,
      send: (form: FormData) => {
        sent.push(form);
        queueMicrotask(() => {
          xhr.upload.onprogress?.({
            lengthComputable: true,
            loaded: 50,
            total: 100,
          } as ProgressEvent);
          if (reply.status === 0) return xhr.onerror?.();
          xhr.status = reply.status;
          xhr.responseText = JSON.stringify(reply.body ?? null);
          xhr.onload?.();
        });
      },
    };
    return xhr as unknown as XMLHttpRequest;
  };
  return { create, sent };
}

const noSleep = vi.fn(async () => undefined);

describe('uploadPostFile', () => {
  it('posts the file as multipart field `file` and reports progress', async () => {
    const xhr = fakeXhr([{ status: 201, body: UPLOAD }]);
    const progress: number[] = [];
    const upload = await uploadPostFile(new Blob(['x']), 'a.png', {
      onProgress: (f) => progress.push(f),
      deps: { createXhr: xhr.create, sleep: noSleep },
    });
    expect(upload).toEqual(UPLOAD);
    expect(xhr.sent[0]!.get('file')).toBeInstanceOf(Blob);
    expect(progress).toEqual([0, 0.5, 1]);
  });

  it('retries 5xx, 408, 429 and network failures, starting the bar again', async () => {
    const xhr = fakeXhr([
      { status: 503 },
      { status: 0 },
      { status: 429, headers: { 'Retry-After': '3' } },
      { status: 408 },
      { status: 201, body: UPLOAD },
    ]);
    const onRetry = vi.fn();
    const sleep = vi.fn(async (_ms: number) => undefined);
    const upload = await uploadPostFile(new Blob(['x']), 'a.png', {
      onRetry,
      deps: { createXhr: xhr.create, sleep, random: () => 0 },
    });
    expect(upload.id).toBe(UPLOAD.id);
    expect(onRetry).toHaveBeenCalledTimes(4);
    // Retry-After is honoured.
    expect(sleep.mock.calls[2]![0]).toBeGreaterThanOrEqual(3000);
  });

  it('gives up after the 10-minute window', async () => {
    let now = 0;
    const xhr = fakeXhr(Array.from({ length: 50 }, () => ({ status: 500 })));
    const sleep = vi.fn(async (ms: number) => {
      now += ms;
    });
    const error = await uploadPostFile(new Blob(['x']), 'a.png', {
      deps: { createXhr: xhr.create, sleep, now: () => now, random: () => 1 },
    }).catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    expect(now).toBeLessThanOrEqual(600_000);
    expect(sleep.mock.calls.length).toBeGreaterThan(5);
  });

  it('does not retry a refused file, and carries the server message', async () => {
    const xhr = fakeXhr([
      {
        status: 415,
        body: { error: { code: 'unsupported_media_type', message: 'Only images and videos.' } },
      },
    ]);
    const error = await uploadPostFile(new Blob(['x']), 'a.txt', {
      deps: { createXhr: xhr.create, sleep: noSleep },
    }).catch((e: unknown) => e);
    expect(isApiError(error, 'unsupported_media_type')).toBe(true);
    expect((error as Error).message).toBe('Only images and videos.');
  });

  it('stops when cancelled', async () => {
    const xhr = fakeXhr([{ status: 201, body: UPLOAD }]);
    const controller = new AbortController();
    controller.abort();
    await expect(
      uploadPostFile(new Blob(['x']), 'a.png', {
        signal: controller.signal,
        deps: { createXhr: xhr.create },
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
