/**
 * What the media administration needs beyond the uploads module's one-file readers: several
 * image files of one multipart request (an issue's pages, in order), and a look at an MP4's
 * top-level boxes (is `moov` before `mdat`, how long is it).
 */
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest, payloadTooLarge, unsupportedMedia } from '../../lib/errors';
import { tooLargeMessage, UPLOAD_MAX_BYTES } from '../uploads/multipart';

/** Page files one request may carry. */
export const PAGES_PER_UPLOAD_MAX = 50;
const FIELDS_MAX = 10;
const FIELD_MAX_BYTES = 64 * 1024;
const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

/**
 * The image files of a multipart request, one buffer at a time in the order sent (at most
 * `PAGES_PER_UPLOAD_MAX`, each under the image cap: 413 beyond). Text fields are ignored; the
 * type of each file is decided later from its bytes. One file is held in memory at a time.
 * When the consumer stops early (a file was refused), the rest of the body is drained, and a
 * body far over what could be accepted closes the connection.
 */
export async function* readImageFiles(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: { maxFiles?: number; maxBytes?: number } = {},
): AsyncGenerator<Buffer> {
  const maxFiles = opts.maxFiles ?? PAGES_PER_UPLOAD_MAX;
  const maxBytes = opts.maxBytes ?? UPLOAD_MAX_BYTES.image;
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxFiles * maxBytes + MULTIPART_OVERHEAD_BYTES) {
    void reply.header('connection', 'close');
    throw payloadTooLarge(tooLargeMessage(maxBytes));
  }
  if (typeof request.isMultipart !== 'function' || !request.isMultipart())
    throw unsupportedMedia('Send the files as multipart/form-data.');

  let files = 0;
  let finished = false;
  try {
    const parts = request.parts({
      limits: {
        fileSize: maxBytes,
        files: maxFiles,
        fields: FIELDS_MAX,
        fieldSize: FIELD_MAX_BYTES,
        parts: maxFiles + FIELDS_MAX,
      },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      files += 1;
      yield await readPart(part.file, maxBytes);
    }
    finished = true;
  } catch (err) {
    throw translate(err, maxBytes, maxFiles);
  } finally {
    if (!finished) drain(request);
  }
  if (files === 0) throw badRequest('file_required');
}

async function readPart(
  file: Readable & { truncated?: boolean },
  maxBytes: number,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size > maxBytes) break;
  }
  if (file.truncated || size > maxBytes) throw payloadTooLarge(tooLargeMessage(maxBytes));
  return Buffer.concat(chunks, size);
}

/** Lets the unread rest of the body flow away, so the answer reaches a client still sending. */
function drain(request: FastifyRequest): void {
  const raw = request.raw;
  setImmediate(() => {
    if (!raw.readableEnded && !raw.destroyed) raw.resume();
  });
}

function translate(err: unknown, maxBytes: number, maxFiles: number): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string })?.code;
  const message = err instanceof Error ? err.message : '';
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return payloadTooLarge(tooLargeMessage(maxBytes));
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return payloadTooLarge(`Send at most ${maxFiles} files at a time.`);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return unsupportedMedia('Send the files as multipart/form-data.');
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest('invalid_multipart');
  }
  if (/boundary not found/i.test(message)) return badRequest('invalid_multipart');
  if (
    /Unexpected end of (form|multipart)|terminated early|Premature close|Malformed/i.test(message)
  ) {
    return badRequest('upload_incomplete');
  }
  return err;
}

export interface Mp4Layout {
  /** True when `moov` comes before `mdat` (players can seek at once); null when either is missing. */
  moovFirst: boolean | null;
  /** Whole seconds from the movie header (`mvhd`), or null when unknown. */
  durationSeconds: number | null;
}

const MAX_TOP_LEVEL_BOXES = 10_000;

/**
 * Walks the top-level boxes of the MP4 at `path` (reading only their headers) to find whether
 * `moov` precedes `mdat`, and reads the duration from `moov`'s `mvhd`. A malformed layout
 * answers nulls rather than failing: the bytes were already accepted as MP4.
 */
export async function inspectMp4Layout(path: string): Promise<Mp4Layout> {
  const fh = await open(path, 'r');
  try {
    const { size: fileSize } = await fh.stat();
    const header = Buffer.alloc(16);
    let offset = 0;
    let moovAt: number | null = null;
    let mdatAt: number | null = null;
    let durationSeconds: number | null = null;
    for (let i = 0; i < MAX_TOP_LEVEL_BOXES && offset + 8 <= fileSize; i++) {
      const box = await readBoxHeader(fh, offset, fileSize, header);
      if (!box) break;
      if (box.type === 'moov' && moovAt === null) {
        moovAt = offset;
        durationSeconds = await readMvhdDuration(fh, offset + box.headerSize, offset + box.size);
      } else if (box.type === 'mdat' && mdatAt === null) {
        mdatAt = offset;
      }
      if (moovAt !== null && mdatAt !== null) break;
      offset += box.size;
    }
    return {
      moovFirst: moovAt === null || mdatAt === null ? null : moovAt < mdatAt,
      durationSeconds,
    };
  } finally {
    await fh.close();
  }
}

type FileHandle = Awaited<ReturnType<typeof open>>;

async function readBoxHeader(
  fh: FileHandle,
  offset: number,
  end: number,
  buf: Buffer,
): Promise<{ type: string; size: number; headerSize: number } | null> {
  const { bytesRead } = await fh.read(buf, 0, 16, offset);
  if (bytesRead < 8) return null;
  let size = buf.readUInt32BE(0);
  const type = buf.toString('latin1', 4, 8);
  let headerSize = 8;
  if (size === 1) {
    if (bytesRead < 16) return null;
    const large = buf.readBigUInt64BE(8);
    if (large > BigInt(Number.MAX_SAFE_INTEGER)) return null;
    size = Number(large);
    headerSize = 16;
  } else if (size === 0) {
    size = end - offset; // the box runs to the end of the file
  }
  if (size < headerSize || offset + size > end) return null;
  return { type, size, headerSize };
}

async function readMvhdDuration(
  fh: FileHandle,
  start: number,
  end: number,
): Promise<number | null> {
  const header = Buffer.alloc(16);
  let offset = start;
  for (let i = 0; i < 100 && offset + 8 <= end; i++) {
    const box = await readBoxHeader(fh, offset, end, header);
    if (!box) return null;
    if (box.type === 'mvhd') {
      const body = Buffer.alloc(32);
      const { bytesRead } = await fh.read(body, 0, 32, offset + box.headerSize);
      const version = body[0];
      let timescale: number;
      let duration: number;
      if (version === 1 && bytesRead >= 32) {
        timescale = body.readUInt32BE(20);
        const d = body.readBigUInt64BE(24);
        if (d === 0xffffffffffffffffn) return null;
        duration = Number(d);
      } else if (version === 0 && bytesRead >= 20) {
        timescale = body.readUInt32BE(12);
        duration = body.readUInt32BE(16);
        if (duration === 0xffffffff) return null;
      } else {
        return null;
      }
      if (!timescale || !duration) return null;
      return Math.round(duration / timescale);
    }
    offset += box.size;
  }
  return null;
}
