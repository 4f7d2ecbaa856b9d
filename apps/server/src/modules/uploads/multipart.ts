import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS } from '@otakura/shared';
import { AppError, badRequest, payloadTooLarge, unsupportedMedia } from '../../lib/errors';

export type UploadKind = 'image' | 'video';

/** Byte caps per kind of upload, from the shared limits. */
export const UPLOAD_MAX_BYTES: Record<UploadKind, number> = {
  image: LIMITS.imageUploadMaxBytes,
  video: LIMITS.videoUploadMaxBytes,
};

/** Room for the multipart framing and a few small fields on top of the file itself. */
const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;
const FIELD_MAX_BYTES = 64 * 1024;
const FIELDS_MAX = 10;

/** "That file is too large. The limit is 15 MB." */
export function tooLargeMessage(maxBytes: number): string {
  const mb = maxBytes / (1024 * 1024);
  const shown =
    mb >= 1
      ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`
      : `${Math.ceil(maxBytes / 1024)} KB`;
  return `That file is too large. The limit is ${shown}.`;
}

export interface ReadFileOptions {
  kind: UploadKind;
  /**
   * The reply of the same request. Pass it: when a refused body is declared
   * far larger than the cap, the answer then carries `Connection: close`.
   */
  reply?: FastifyReply;
  /** Override the kind's cap (tests, or a smaller cap for a particular route). */
  maxBytes?: number;
}

export interface UploadedFileInfo {
  /** The form field that carried the file. */
  fieldname: string;
  /** Bytes received. */
  size: number;
  /** Text fields sent before the file part. */
  fields: Record<string, string>;
}

/**
 * Reads the first file part of a multipart request into memory, refusing it
 * with 413 `payload_too_large` as soon as it passes the cap: at most the cap
 * is ever held. The client's file name and MIME type are ignored; the type is
 * decided later from the bytes. Use for images (15 MB) and thumbnails.
 */
export async function readFileToBuffer(
  request: FastifyRequest,
  opts: ReadFileOptions,
): Promise<UploadedFileInfo & { buffer: Buffer }> {
  const maxBytes = opts.maxBytes ?? UPLOAD_MAX_BYTES[opts.kind];
  const part = await openFilePart(request, opts.reply, maxBytes);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of capped(part.file, maxBytes)) {
      chunks.push(chunk);
      size += chunk.length;
    }
  } catch (err) {
    throw abandon(request, opts.reply, translateMultipartError(err, maxBytes), maxBytes);
  }
  return {
    fieldname: part.fieldname,
    size,
    fields: fieldValues(part),
    buffer: Buffer.concat(chunks, size),
  };
}

/**
 * Streams the first file part of a multipart request to a new temp file,
 * refusing it with 413 once it passes the cap (the partial file is removed).
 * Use for videos (200 MB), which should not sit in memory. Call `cleanup()`
 * when done with the file, whatever happened.
 */
export async function readFileToTemp(
  request: FastifyRequest,
  opts: ReadFileOptions & { dir?: string },
): Promise<UploadedFileInfo & { path: string; cleanup(): Promise<void> }> {
  const maxBytes = opts.maxBytes ?? UPLOAD_MAX_BYTES[opts.kind];
  const part = await openFilePart(request, opts.reply, maxBytes);
  const dir = opts.dir ?? tmpdir();
  await mkdir(dir, { recursive: true });
  const filePath = path.join(dir, `otakura-upload-${randomUUID()}`);
  const cleanup = () => rm(filePath, { force: true });
  let size = 0;
  try {
    await pipeline(
      capped(part.file, maxBytes, (n) => (size += n)),
      createWriteStream(filePath, { flags: 'wx' }),
    );
  } catch (err) {
    await cleanup();
    throw abandon(request, opts.reply, translateMultipartError(err, maxBytes), maxBytes);
  }
  return { fieldname: part.fieldname, size, fields: fieldValues(part), path: filePath, cleanup };
}

/**
 * The part's bytes, failing with 413 the moment busboy reports the cap was
 * passed (it stops passing data at the cap), so the rest is never read.
 */
async function* capped(
  file: MultipartFile['file'],
  maxBytes: number,
  onChunk?: (bytes: number) => void,
): AsyncGenerator<Buffer> {
  const tooLarge = payloadTooLarge(tooLargeMessage(maxBytes));
  const onLimit = () => file.destroy(tooLarge);
  file.once('limit', onLimit);
  try {
    for await (const chunk of file as Readable) {
      onChunk?.((chunk as Buffer).length);
      yield chunk as Buffer;
    }
  } finally {
    file.off('limit', onLimit);
  }
  if (file.truncated) throw tooLarge;
}

async function openFilePart(
  request: FastifyRequest,
  reply: FastifyReply | undefined,
  maxBytes: number,
): Promise<MultipartFile> {
  // A declared length far past the cap is refused before a byte is read.
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD_BYTES) {
    throw abandon(request, reply, payloadTooLarge(tooLargeMessage(maxBytes)), maxBytes);
  }
  if (typeof request.isMultipart !== 'function') {
    throw new Error('@fastify/multipart is not registered on this app');
  }
  if (!request.isMultipart()) throw unsupportedMedia('Send the file as multipart/form-data.');
  let part: MultipartFile | undefined;
  try {
    part = await request.file({
      limits: {
        fileSize: maxBytes,
        files: 1,
        fields: FIELDS_MAX,
        fieldSize: FIELD_MAX_BYTES,
        parts: FIELDS_MAX + 1,
      },
    });
  } catch (err) {
    throw abandon(request, reply, translateMultipartError(err, maxBytes), maxBytes);
  }
  if (!part) throw badRequest('file_required');
  return part;
}

/**
 * After a 413 the rest of the body is still on its way. Let up to one more
 * cap's worth drain away, so a client that reads the answer only after
 * sending still gets it on a healthy connection; past that, or when the
 * declared length is already beyond it, cut the connection off.
 */
function abandon(
  request: FastifyRequest,
  reply: FastifyReply | undefined,
  err: unknown,
  maxBytes: number,
): unknown {
  if (!(err instanceof AppError) || err.status !== 413) return err;
  const raw = request.raw;
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > 2 * maxBytes + MULTIPART_OVERHEAD_BYTES) {
    void reply?.header('connection', 'close');
  }
  let drained = 0;
  const onData = (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > maxBytes) {
      raw.off('data', onData);
      raw.socket?.destroy();
    }
  };
  // After the multipart parser has let go of the request (it unpipes on the same tick).
  setImmediate(() => {
    if (raw.readableEnded || raw.destroyed) return;
    raw.on('data', onData);
    raw.resume();
  });
  return err;
}

function translateMultipartError(err: unknown, maxBytes: number): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string })?.code;
  const message = err instanceof Error ? err.message : '';
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return payloadTooLarge(tooLargeMessage(maxBytes));
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return payloadTooLarge(`Send one file at a time, with at most ${FIELDS_MAX} fields.`);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return unsupportedMedia('Send the file as multipart/form-data.');
    case 'FST_PROTO_VIOLATION':
      return badRequest('invalid_multipart');
  }
  // busboy refuses a multipart/form-data content type without a boundary before reading.
  if (/boundary not found/i.test(message)) return badRequest('invalid_multipart');
  if (
    /Unexpected end of (form|multipart)|terminated early|Premature close|Malformed/i.test(message)
  ) {
    return badRequest('upload_incomplete');
  }
  return err;
}

function fieldValues(part: MultipartFile): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, entry] of Object.entries(part.fields)) {
    const first = Array.isArray(entry) ? entry[0] : entry;
    if (first && first.type === 'field' && typeof first.value === 'string') out[name] = first.value;
  }
  return out;
}
