import { describe, expect, it, vi } from 'vitest';
import { makeMe } from '../testing/api-mock';
import { uploadImage, type UploadStatus } from './upload-image';

type Script = (xhr: FakeXhr) => void;

/** Just enough of XMLHttpRequest for uploadImage; each instance plays one scripted answer. */
class FakeXhr {
  method = '';
  url = '';
  status = 0;
  statusText = '';
  responseText = '';
  headers: Record<string, string> = {};
  sent: FormData | null = null;
  upload: { onprogress: ((e: ProgressEvent) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor(private readonly script: Script) {}
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader(name: string) {
    return this.headers[name.toLowerCase()] ?? null;
  }
  send(body: FormData) {
    this.sent = body;
    queueMicrotask(() => this.script(this));
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  answer(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.upload.onload?.();
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.headers = headers;
    this.onload?.();
  }
}

function fakes(...scripts: Script[]) {
  const made: FakeXhr[] = [];
  const createXhr = () => {
    const script = scripts[made.length];
    if (!script) throw new Error('unexpected extra request');
    const x = new FakeXhr(script);
    made.push(x);
    return x as unknown as XMLHttpRequest;
  };
  return { made, createXhr };
}

const file = () => new File([new Uint8Array(1000)], 'me.png', { type: 'image/png' });
const err = (code: string, message: string) => ({ error: { code, message } });

describe('uploadImage', () => {
  it('posts the file as multipart field "file" and reports the real bytes sent, then processing', async () => {
    const me = makeMe({ avatarUrl: '/files/new.webp' });
    const { made, createXhr } = fakes((x) => {
      x.progress(250, 1000);
      x.progress(1000, 1000);
      x.answer(200, me);
    });
    const statuses: UploadStatus[] = [];
    const result = await uploadImage(
      'avatar',
      file(),
      { onStatus: (s) => statuses.push(s) },
      { createXhr },
    );

    expect(result.avatarUrl).toBe('/files/new.webp');
    expect(made[0]!.method).toBe('POST');
    expect(made[0]!.url).toBe('/api/me/avatar');
    expect((made[0]!.sent!.get('file') as File).name).toBe('me.png');
    expect(
      statuses.map((s) => (s.phase === 'uploading' ? `${s.loaded}/${s.total}` : s.phase)),
    ).toEqual(['0/1000', '250/1000', '1000/1000', 'processing']);
  });

  it('retries 5xx, 429 and lost connections from zero, saying so, until it succeeds', async () => {
    const sleep = vi.fn(async () => {});
    const { made, createXhr } = fakes(
      (x) => {
        x.progress(600, 1000);
        x.answer(503, err('internal_error', 'down'));
      },
      (x) => x.answer(429, err('rate_limited', 'slow down'), { 'retry-after': '7' }),
      (x) => x.onerror?.(),
      (x) => x.answer(200, makeMe()),
    );
    const statuses: UploadStatus[] = [];
    await uploadImage(
      'banner',
      file(),
      { onStatus: (s) => statuses.push(s) },
      { createXhr, sleep, random: () => 0.5 },
    );
    expect(made).toHaveLength(4);
    expect(made.every((x) => x.url === '/api/me/banner')).toBe(true);
    // Retry-After is honoured.
    expect(sleep.mock.calls.map((c) => (c as unknown[])[0])).toEqual([750, 7000, 3000]);
    const waits = statuses.filter((s) => s.phase === 'waiting');
    expect(waits.map((s) => s.attempt)).toEqual([1, 2, 3]);
    // After a failure, the bar goes back to zero: never more than was really sent.
    const afterFirstWait = statuses[statuses.indexOf(waits[0]!) + 1];
    expect(afterFirstWait).toMatchObject({ phase: 'uploading', loaded: 0, attempt: 2 });
  });

  it('fails at once on 415 and 413 with the server message', async () => {
    const { createXhr } = fakes((x) =>
      x.answer(415, err('unsupported_media_type', 'That file is not an image we can read.')),
    );
    await expect(uploadImage('avatar', file(), {}, { createXhr })).rejects.toMatchObject({
      status: 415,
      code: 'unsupported_media_type',
      message: 'That file is not an image we can read.',
    });
    const big = fakes((x) => x.answer(413, err('payload_too_large', 'The file is too large.')));
    await expect(
      uploadImage('avatar', file(), {}, { createXhr: big.createXhr }),
    ).rejects.toMatchObject({
      status: 413,
    });
  });

  it('gives up when the next try would start after the 10-minute window', async () => {
    let clock = 0;
    const sleep = vi.fn(async (ms: number) => {
      clock += ms;
    });
    const always503 = (x: FakeXhr) => x.answer(503, err('internal_error', 'down'));
    const { made, createXhr } = fakes(...Array.from({ length: 40 }, () => always503));
    await expect(
      uploadImage('avatar', file(), {}, { createXhr, sleep, now: () => clock, random: () => 1 }),
    ).rejects.toMatchObject({ status: 503 });
    expect(clock).toBeLessThanOrEqual(600_000);
    expect(made.length).toBeGreaterThan(5);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const { createXhr } = fakes(() => controller.abort());
    await expect(
      uploadImage('avatar', file(), { signal: controller.signal }, { createXhr }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
