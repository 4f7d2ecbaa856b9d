/**
 * GET of a user-given URL under the SSRF rules (ssrf-guard.ts): http/https only,
 * no credentials in the URL, every hop's address resolved and checked by us and
 * then connected to (DNS rebinding cannot swap it), at most `maxRedirects`
 * redirects each checked again, one deadline for the whole chain, a byte cap,
 * no cookies and no auth headers ever sent, no proxy, no connection reuse.
 */
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import {
  BlockedTargetError,
  pinnedLookup,
  resolveAllowed,
  type AddressPolicy,
  type Resolver,
} from './ssrf-guard';

export interface SafeFetchOptions {
  policy: AddressPolicy;
  resolver?: Resolver;
  /** Epoch ms after which everything is abandoned. */
  deadline: number;
  maxRedirects: number;
  maxBytes: number;
  /** 'truncate': keep the first maxBytes (HTML, whose head comes first); 'fail': refuse the body. */
  overflow: 'truncate' | 'fail';
  accept: string;
  userAgent: string;
}

export interface SafeResponse {
  /** After redirects. */
  url: URL;
  status: number;
  /** Lower-cased media type without parameters, or ''. */
  mediaType: string;
  /** The `charset` parameter of Content-Type, if any. */
  charset: string | null;
  body: Buffer;
  truncated: boolean;
}

/** Why a fetch failed, for logs and the cache's status. */
export class FetchFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FetchFailedError';
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Checks what a URL may be before any connection: scheme, credentials. */
export function checkUrlShape(url: URL): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new BlockedTargetError(`scheme ${url.protocol}`);
  if (url.username || url.password) throw new BlockedTargetError('credentials in the URL');
  if (!url.hostname) throw new BlockedTargetError('no host');
}

function remaining(deadline: number): number {
  const ms = deadline - Date.now();
  if (ms <= 0) throw new FetchFailedError('timed out');
  return ms;
}

function withDeadline<T>(promise: Promise<T>, deadline: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new FetchFailedError('timed out')), remaining(deadline));
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** GET `input`, following up to `maxRedirects` checked redirects. Throws BlockedTargetError or FetchFailedError. */
export async function safeGet(input: string | URL, opts: SafeFetchOptions): Promise<SafeResponse> {
  let url = new URL(input);
  for (let hop = 0; ; hop++) {
    checkUrlShape(url);
    url.hash = '';
    const addresses = await withDeadline(
      resolveAllowed(url.hostname, opts.policy, opts.resolver),
      opts.deadline,
    );
    const res = await request(url, addresses, opts);
    if (REDIRECTS.has(res.statusCode ?? 0) && res.headers.location) {
      res.destroy();
      if (hop >= opts.maxRedirects) throw new FetchFailedError('too many redirects');
      try {
        url = new URL(res.headers.location, url);
      } catch {
        throw new FetchFailedError('bad redirect location');
      }
      continue;
    }
    const status = res.statusCode ?? 0;
    if (status < 200 || status > 299) {
      res.destroy();
      throw new FetchFailedError(`status ${status}`);
    }
    const [mediaType = '', ...params] = (res.headers['content-type'] ?? '').split(';');
    const charsetParam = params.map((p) => p.trim()).find((p) => /^charset=/i.test(p));
    const { body, truncated } = await readBody(res, opts);
    return {
      url,
      status,
      mediaType: mediaType.trim().toLowerCase(),
      charset: charsetParam
        ? charsetParam
            .slice(8)
            .replace(/^["']|["']$/g, '')
            .trim()
        : null,
      body,
      truncated,
    };
  }
}

function request(
  url: URL,
  addresses: Awaited<ReturnType<typeof resolveAllowed>>,
  opts: SafeFetchOptions,
): Promise<http.IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: 'GET',
      // A fresh connection per request: a pooled socket could have been opened for another host.
      agent: false,
      lookup: pinnedLookup(addresses),
      timeout: remaining(opts.deadline),
      headers: {
        accept: opts.accept,
        'accept-encoding': 'gzip, deflate, br',
        'user-agent': opts.userAgent,
        // Deliberately nothing else: no cookie, no authorization, no forwarded client data.
      },
    });
    const timer = setTimeout(
      () => req.destroy(new FetchFailedError('timed out')),
      remaining(opts.deadline),
    );
    req.once('response', (res) => {
      clearTimeout(timer);
      // The body keeps its own deadline in readBody.
      resolve(res);
    });
    req.once('timeout', () => req.destroy(new FetchFailedError('timed out')));
    req.once('error', (err) => {
      clearTimeout(timer);
      reject(
        err instanceof FetchFailedError || err instanceof BlockedTargetError
          ? err
          : new FetchFailedError(err.message),
      );
    });
    req.end();
  });
}

function decoded(res: http.IncomingMessage): Readable {
  const encoding = String(res.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const options = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
  switch (encoding) {
    case 'gzip':
    case 'x-gzip':
      return res.pipe(zlib.createGunzip(options));
    case 'deflate':
      return res.pipe(zlib.createInflate(options));
    case 'br':
      return res.pipe(zlib.createBrotliDecompress());
    default:
      return res;
  }
}

/** The (decoded) body, at most maxBytes of it: a compressed bomb stops at the cap too. */
async function readBody(
  res: http.IncomingMessage,
  opts: SafeFetchOptions,
): Promise<{ body: Buffer; truncated: boolean }> {
  const stream = decoded(res);
  const timer = setTimeout(() => {
    const err = new FetchFailedError('timed out');
    res.destroy(err);
    stream.destroy(err);
  }, remaining(opts.deadline));
  const declared = Number(res.headers['content-length']);
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  try {
    if (
      opts.overflow === 'fail' &&
      Number.isFinite(declared) &&
      !res.headers['content-encoding'] &&
      declared > opts.maxBytes
    ) {
      throw new FetchFailedError('body too large');
    }
    for await (const chunk of stream) {
      const buf = chunk as Buffer;
      if (size + buf.length > opts.maxBytes) {
        if (opts.overflow === 'fail') throw new FetchFailedError('body too large');
        chunks.push(buf.subarray(0, opts.maxBytes - size));
        size = opts.maxBytes;
        truncated = true;
        break;
      }
      chunks.push(buf);
      size += buf.length;
    }
  } catch (err) {
    throw err instanceof FetchFailedError ? err : new FetchFailedError((err as Error).message);
  } finally {
    clearTimeout(timer);
    res.destroy();
    if (stream !== res) stream.destroy();
  }
  return { body: Buffer.concat(chunks, size), truncated };
}
