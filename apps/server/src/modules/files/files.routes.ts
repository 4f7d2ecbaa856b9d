import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../lib/errors';
import { isValidKey } from '../../storage/keys';
import type { Storage, StoredObjectInfo } from '../../storage/storage';

export interface FilesRoutesOptions {
  storage: Storage;
}

/**
 * The only types a browser may render from /files. Everything else (SVG, HTML,
 * anything a future bug lets in) is sent as an opaque download.
 */
const INLINE_TYPES = new Set([
  'image/webp',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/avif',
  'video/mp4',
  'video/webm',
]);

export type RangeRequest =
  { kind: 'none' } | { kind: 'unsatisfiable' } | { kind: 'range'; start: number; end: number };

/**
 * Reads one `Range: bytes=…` against a size (RFC 9110 §14). Syntax we do not
 * serve (other units, several ranges, `5-2`) is ignored and answered with the
 * whole file, as the RFC allows; a well-formed range outside the file is
 * unsatisfiable.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'none' };
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return { kind: 'none' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'none' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'none' };
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return { kind: 'range', start, end };
}

function quoted(etag: string): string {
  return etag.startsWith('"') || etag.startsWith('W/"') ? etag : `"${etag}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2). */
function noneMatch(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  const current = bare(etag);
  return header.split(',').some((t) => bare(t) === current);
}

/** If-Range: serve the range only when the representation is unchanged (strong ETag or exact date). */
function rangeStillValid(
  header: string | string[] | undefined,
  info: StoredObjectInfo,
  etag: string,
): boolean {
  if (header === undefined) return true;
  if (Array.isArray(header)) return false;
  const value = header.trim();
  if (value.startsWith('"') || value.startsWith('W/'))
    return value === etag && !etag.startsWith('W/');
  const date = Date.parse(value);
  return (
    !Number.isNaN(date) &&
    Math.floor(info.lastModified.getTime() / 1000) === Math.floor(date / 1000)
  );
}

function notModified(request: FastifyRequest, info: StoredObjectInfo, etag: string): boolean {
  const inm = request.headers['if-none-match'];
  if (inm !== undefined) return noneMatch(inm, etag);
  const ims = request.headers['if-modified-since'];
  if (ims === undefined) return false;
  const since = Date.parse(ims);
  return (
    !Number.isNaN(since) &&
    Math.floor(info.lastModified.getTime() / 1000) <= Math.floor(since / 1000)
  );
}

/** Validators and caching: on 200, 206 and 304 only, never on an error (a cached 404 would outlive an upload). */
function setCacheHeaders(reply: FastifyReply, info: StoredObjectInfo, etag: string): void {
  void reply
    .header('etag', etag)
    .header('last-modified', info.lastModified.toUTCString())
    // Keys are unique per upload and never overwritten, so a file never changes under its URL.
    .header('cache-control', 'public, max-age=31536000, immutable');
}

function setContentTypeHeaders(reply: FastifyReply, info: StoredObjectInfo): void {
  const baseType = info.contentType.split(';')[0]!.trim().toLowerCase();
  if (INLINE_TYPES.has(baseType)) {
    void reply.header('content-type', baseType);
  } else {
    void reply
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', 'attachment');
  }
}

/**
 * `GET`/`HEAD /files/*`: serves stored files with ranges, validators and
 * long caching. Register once, without a prefix:
 * `app.register(filesRoutes, { storage })`.
 */
export async function filesRoutes(app: FastifyInstance, opts: FilesRoutesOptions): Promise<void> {
  const { storage } = opts;

  app.route({
    method: ['GET', 'HEAD'],
    url: '/files/*',
    exposeHeadRoute: false,
    schema: { hide: true },
    async handler(request, reply) {
      // Set first, so even a 404 or 416 from here is inert in a browser.
      void reply
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox");

      const key = (request.params as { '*': string })['*'];
      if (!isValidKey(key)) throw fileNotFound();

      const info = await storage.head(key);
      if (!info) throw fileNotFound();
      const etag = quoted(info.etag);
      void reply.header('accept-ranges', 'bytes');

      if (notModified(request, info, etag)) {
        setCacheHeaders(reply, info, etag);
        return reply.code(304).send();
      }

      let range = parseRange(request.headers.range, info.size);
      if (range.kind !== 'none' && !rangeStillValid(request.headers['if-range'], info, etag)) {
        range = { kind: 'none' };
      }
      if (range.kind === 'unsatisfiable') {
        void reply.header('content-range', `bytes */${info.size}`);
        throw new AppError('range_not_satisfiable');
      }

      // Open the body before committing to a status, so a file deleted since head() is a clean 404.
      const object =
        request.method === 'HEAD'
          ? null
          : await storage.get(
              key,
              range.kind === 'range' ? { start: range.start, end: range.end } : undefined,
            );
      if (request.method === 'GET' && !object) throw fileNotFound();

      setCacheHeaders(reply, info, etag);
      setContentTypeHeaders(reply, info);
      const length = range.kind === 'range' ? range.end - range.start + 1 : info.size;
      void reply.header('content-length', String(length));
      if (range.kind === 'range') {
        void reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
      }
      return reply.send(object ? object.body : undefined);
    },
  });
}

function fileNotFound(): AppError {
  return notFound('file_not_found');
}
