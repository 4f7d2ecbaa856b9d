import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '@otakura/shared';
import { errorHandlerPlugin } from '../../plugins/error-handler';
import { LocalStorage } from '../../storage/local-storage';
import { IMAGE_MESSAGES } from './image-processing';
import { readFileToBuffer, readFileToTemp, tooLargeMessage } from './multipart';
import { ebmlBytes, mp4Bytes, pngOf, storedKeys, SVG, TEXT, truncatedPng } from './test-fixtures';
import { saveImageUpload, saveVideoUpload } from './upload.service';

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

function multipart(parts: Part[]) {
  const boundary = `----otakura-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const type = p.contentType ? `Content-Type: ${p.contentType}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const imageFile = (
  data: Buffer | string,
  filename = 'photo.png',
  contentType = 'image/png',
): Part => ({
  name: 'file',
  filename,
  contentType,
  data,
});

const VIDEO_TEST_CAP = 64 * 1024;

describe('multipart upload routes', () => {
  let root: string;
  let tmp: string;
  let app: FastifyInstance;
  let thumbnail: Buffer;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'otakura-mp-store-'));
    tmp = mkdtempSync(path.join(tmpdir(), 'otakura-mp-tmp-'));
    thumbnail = await pngOf(640, 360);
    const storage = new LocalStorage(root);

    app = Fastify({ logger: false });
    await app.register(errorHandlerPlugin);
    // As app.ts registers it: the global cap is the largest; each route narrows it.
    await app.register(fastifyMultipart, {
      limits: { files: 1, fileSize: LIMITS.videoUploadMaxBytes, fields: 20 },
    });
    app.post('/uploads/image', async (request, reply) => {
      const file = await readFileToBuffer(request, { kind: 'image', reply });
      const saved = await saveImageUpload(storage, {
        prefix: 'post-images/u1',
        buffer: file.buffer,
      });
      return reply
        .code(201)
        .send({ ...saved, size: file.size, fields: file.fields, fieldname: file.fieldname });
    });
    app.post('/uploads/video', async (request, reply) => {
      const file = await readFileToTemp(request, {
        kind: 'video',
        reply,
        maxBytes: VIDEO_TEST_CAP,
        dir: tmp,
      });
      let saved;
      try {
        saved = await saveVideoUpload(storage, {
          prefix: 'post-videos/u1',
          video: { path: file.path },
          thumbnail,
        });
      } finally {
        await file.cleanup();
      }
      return reply.code(201).send(saved);
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(tmp, { recursive: true, force: true });
  });

  beforeEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  const post = (url: string, body: ReturnType<typeof multipart>) =>
    app.inject({ method: 'POST', url, payload: body.payload, headers: body.headers });

  it('stores a real PNG as WebP variants and answers 201 with the keys and size', async () => {
    const png = await pngOf(1600, 900, '#224466');
    const res = await post(
      '/uploads/image',
      multipart([{ name: 'alt', data: 'a sunset' }, imageFile(png)]),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      width: 1600,
      height: 900,
      isGif: false,
      size: png.length,
      fieldname: 'file',
      fields: { alt: 'a sunset' },
    });
    expect(body.key).toMatch(/^post-images\/u1\/[0-9a-f-]{36}-1280\.webp$/);
    expect(storedKeys(root)).toEqual([body.variants.w1280Key, body.variants.w640Key].sort());
  });

  it('ignores the client’s file name and MIME type: a PNG called evil.exe is still a PNG', async () => {
    const res = await post(
      '/uploads/image',
      multipart([imageFile(await pngOf(100, 100), 'evil.exe', 'application/x-msdownload')]),
    );
    expect(res.statusCode).toBe(201);
  });

  it.each([
    ['a text file named .png', TEXT, 'notes.png'],
    ['an SVG', SVG, 'logo.svg'],
    ['an SVG named .png', SVG, 'logo.png'],
  ])('refuses %s with 415 and stores nothing', async (_name, data, filename) => {
    const res = await post('/uploads/image', multipart([imageFile(data, filename, 'image/png')]));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error: {
        code: 'unsupported_media_type',
        message: 'That file is not a supported image. Use JPEG, PNG, WebP, GIF or AVIF.',
      },
    });
    expect(storedKeys(root)).toEqual([]);
  });

  it('refuses a truncated PNG with 415 and stores nothing', async () => {
    const res = await post('/uploads/image', multipart([imageFile(await truncatedPng())]));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error: { code: 'unsupported_media_type', message: IMAGE_MESSAGES.damaged },
    });
    expect(storedKeys(root)).toEqual([]);
  });

  it('refuses an image one byte over 15 MB with 413 while reading it, and stores nothing', async () => {
    const oversized = Buffer.alloc(LIMITS.imageUploadMaxBytes + 1, 0x41);
    (await pngOf(10, 10)).copy(oversized); // a real PNG header: only the size is wrong
    const res = await post('/uploads/image', multipart([imageFile(oversized)]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: { code: 'payload_too_large', message: 'That file is too large. The limit is 15 MB.' },
    });
    expect(storedKeys(root)).toEqual([]);
  });

  it('lets a file of exactly 15 MB through the size check (it then fails on content, not size)', async () => {
    const res = await post(
      '/uploads/image',
      multipart([imageFile(Buffer.alloc(LIMITS.imageUploadMaxBytes, 0x41))]),
    );
    expect(res.statusCode).toBe(415);
  });

  it('refuses a request whose declared length is far over the cap before reading the body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/uploads/image',
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(LIMITS.imageUploadMaxBytes * 2),
      },
      payload: Buffer.alloc(10),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe('That file is too large. The limit is 15 MB.');
  });

  it('asks for a file when the form has none', async () => {
    const res = await post('/uploads/image', multipart([{ name: 'alt', data: 'no file here' }]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'file_required', message: 'Choose a file to upload.' },
    });
  });

  it('refuses a body that is not multipart', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/uploads/image',
      payload: { file: 'data:image/png;base64,AAAA' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('unsupported_media_type');
  });

  describe('videos (cap lowered to 64 KB for the test)', () => {
    it('streams an MP4 to a temp file, stores it as sent with its thumbnail, and removes the temp file', async () => {
      const video = mp4Bytes('isom', 50_000);
      const res = await post(
        '/uploads/video',
        multipart([
          { name: 'file', filename: 'clip.mov', contentType: 'video/quicktime', data: video },
        ]),
      );
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ contentType: 'video/mp4', size: video.length });
      expect(storedKeys(root)).toContain(body.key);
      expect(storedKeys(root)).toContain(body.thumbnail.variants.w640Key);
      expect(readdirSync(tmp)).toEqual([]);
    });

    it('refuses a video over the cap with 413, keeps no partial temp file and stores nothing', async () => {
      const res = await post(
        '/uploads/video',
        multipart([
          { name: 'file', filename: 'big.webm', data: ebmlBytes('webm', VIDEO_TEST_CAP) },
        ]),
      );
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        error: {
          code: 'payload_too_large',
          message: 'That file is too large. The limit is 64 KB.',
        },
      });
      expect(readdirSync(tmp)).toEqual([]);
      expect(storedKeys(root)).toEqual([]);
    });

    it('refuses a Matroska file with 415 and removes the temp file', async () => {
      const res = await post(
        '/uploads/video',
        multipart([{ name: 'file', filename: 'x.webm', data: ebmlBytes('matroska') }]),
      );
      expect(res.statusCode).toBe(415);
      expect(readdirSync(tmp)).toEqual([]);
      expect(storedKeys(root)).toEqual([]);
    });
  });
});

describe('an oversized upload over a real connection', () => {
  let app: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(errorHandlerPlugin);
    await app.register(fastifyMultipart, {
      limits: { files: 1, fileSize: LIMITS.videoUploadMaxBytes, fields: 20 },
    });
    app.post('/uploads/image', async (request, reply) => {
      const file = await readFileToBuffer(request, { kind: 'image', reply });
      return { size: file.size };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/uploads/image`;
  });
  afterAll(async () => {
    const timedOut = await Promise.race([
      app.close().then(() => false),
      new Promise((r) => setTimeout(() => r(true), 5000)),
    ]);
    expect(timedOut, 'the server still held a connection open').toBe(false);
  });

  /** A multipart body of `total` file bytes (Infinity: never ends), streamed without a Content-Length. */
  function streamedUpload(total: number) {
    const boundary = 'otakura-boundary';
    const progress = { sent: 0 };
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`,
          ),
        );
      },
      pull(controller) {
        if (progress.sent >= total) {
          controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        const chunk = Buffer.alloc(256 * 1024, 0x41);
        progress.sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const init = {
      method: 'POST',
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      duplex: 'half',
    };
    return { init: init as RequestInit, progress };
  }

  it('is answered 413 with the message, the rest of a moderately oversized body drained', async () => {
    const { init, progress } = streamedUpload(25 * 1024 * 1024);
    const res = await fetch(url, init);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: 'payload_too_large', message: 'That file is too large. The limit is 15 MB.' },
    });
    expect(progress.sent).toBeGreaterThan(LIMITS.imageUploadMaxBytes);
  });

  it('cuts off a client that keeps sending long past the cap instead of reading forever', async () => {
    // A raw socket: unlike fetch, it does not stop sending when the answer arrives.
    const { port } = new URL(url);
    const socket = net.connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    let response = '';
    let closed = false;
    socket.on('data', (d: Buffer) => (response += d.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => (closed = true));
    const writeChunk = async (data: Buffer) => {
      const ok = socket.write(
        Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]),
      );
      if (!ok) {
        await new Promise<void>((resolve) => {
          socket.once('drain', resolve);
          socket.once('close', resolve);
        });
      }
    };
    socket.write(
      'POST /uploads/image HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=b\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    await writeChunk(
      Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n'),
    );
    const chunk = Buffer.alloc(256 * 1024, 0x41);
    const giveUpAt = 200 * 1024 * 1024;
    let written = 0;
    while (!closed && !socket.destroyed && written < giveUpAt) {
      await writeChunk(chunk);
      written += chunk.length;
    }
    socket.destroy();
    expect(response).toMatch(/^HTTP\/1\.1 413/);
    expect(response).toContain('That file is too large. The limit is 15 MB.');
    // The cap, one more cap drained, and what the socket buffers held: far short of what the client would send.
    expect(written).toBeLessThan(giveUpAt / 2);
  });
});

describe('tooLargeMessage', () => {
  it('names the limit the way people read it', () => {
    expect(tooLargeMessage(LIMITS.imageUploadMaxBytes)).toBe(
      'That file is too large. The limit is 15 MB.',
    );
    expect(tooLargeMessage(LIMITS.videoUploadMaxBytes)).toBe(
      'That file is too large. The limit is 200 MB.',
    );
    expect(tooLargeMessage(64 * 1024)).toBe('That file is too large. The limit is 64 KB.');
  });
});
