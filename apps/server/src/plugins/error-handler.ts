import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type {
  ConnectionError,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import {
  errorMessage,
  errorStatus,
  isErrorCode,
  tooManyAttemptsMessage,
  UNSTORABLE_TEXT_MESSAGE,
  type ApiErrorBody,
  type ErrorCode,
  type FieldIssue,
} from '@otakura/shared';
import { sqlState } from '../db/client';
import { AppError } from '../lib/errors';

/**
 * SQLSTATEs of text the database cannot store: character_not_in_repertoire (U+0000 in
 * `text`), untranslatable_character. The shared schemas refuse such text first
 * (`safeText`); this catches a field that slipped past them.
 */
const INVALID_TEXT_SQLSTATES = new Set(['22021', '22P05']);

/** Codes for error answers that came without a body, by status. */
const EMPTY_ERROR_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
  429: 'rate_limited',
};

function body(
  code: string,
  message: string,
  extra: Partial<ApiErrorBody['error']> = {},
): ApiErrorBody {
  return { error: { code, message, ...extra } };
}

/**
 * One place turns every failure into `{ error: { code, message } }`:
 * validation → 400 naming the fields, AppError → its status, Fastify's own
 * client errors → their status, anything else → a logged, masked 500.
 */
export const errorHandlerPlugin = fp(async function errorHandler(app: FastifyInstance) {
  // A plugin that answers an error with an empty body (the websocket route to a plain GET, a
  // bare `reply.code(404).send()`) still answers in the one shape.
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode < 400 || req.method === 'HEAD') return payload;
    if (payload !== undefined && payload !== null && payload !== '') return payload;
    const status = reply.statusCode;
    const code = EMPTY_ERROR_CODES[status] ?? (status >= 500 ? 'internal_error' : 'bad_request');
    const message = isErrorCode(code) ? errorMessage(code) : (STATUS_CODES[status] ?? 'Error');
    void reply.header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify(body(code, message));
  });

  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfter !== undefined) void reply.header('retry-after', String(err.retryAfter));
      return reply
        .status(err.status)
        .send(body(err.code, err.message, { details: err.details, retryAfter: err.retryAfter }));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = (err as FastifyError).validationContext ?? 'body';
      const details: FieldIssue[] = err.validation.map((v) => {
        const p = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        return { path: p || where, message: v.message ?? 'is not valid' };
      });
      const first = details[0];
      const message = first ? `${first.path}: ${first.message}` : 'The request is not valid.';
      return reply.status(400).send(body('validation_error', message, { details }));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return reply.status(500).send(body('internal_error', 'Something went wrong on our side.'));
    }
    const state = sqlState(err);
    if (state && INVALID_TEXT_SQLSTATES.has(state)) {
      req.log.warn({ err, url: req.url }, 'text the database refused got past the schemas');
      return reply.status(400).send(body('validation_error', UNSTORABLE_TEXT_MESSAGE));
    }
    const fe = err as FastifyError;
    if (fe.statusCode === 429) {
      const retryAfter = Number(reply.getHeader('retry-after')) || 60;
      return reply
        .status(429)
        .send(body('rate_limited', tooManyAttemptsMessage(retryAfter), { retryAfter }));
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      const code =
        fe.statusCode === 413
          ? 'payload_too_large'
          : fe.code
            ? fe.code.toLowerCase().replace(/^fst_err_/, '')
            : 'bad_request';
      return reply.status(fe.statusCode).send(body(code, fe.message));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body('internal_error', 'Something went wrong on our side.'));
  });
});

const FRAMEWORK_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_BAD_URL: {
    status: 400,
    code: 'bad_request',
    message: 'The address is not valid (a malformed percent-encoding).',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: 'uri_too_long',
    message: errorMessage('uri_too_long'),
  },
};

/**
 * Fastify's `frameworkErrors`: failures found while routing, before any handler or hook
 * (a malformed percent-encoding in the path, a path parameter over 100 characters).
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const known = err.code ? FRAMEWORK_ERRORS[err.code] : undefined;
  if (!known) req.log.error({ err }, 'framework error');
  const answer = known ?? {
    status: 500,
    code: 'internal_error',
    message: 'Something went wrong on our side.',
  };
  void reply.status(answer.status).send(body(answer.code, answer.message));
}

/** The longest request line (method, address, version) answered 431 rather than 414. */
const REQUEST_LINE_MAX = 8 * 1024;

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser refused before Fastify saw them
 * (headers or address over Node's 16 KiB `maxHeaderSize`, bytes that are not HTTP, a client
 * too slow to send its request). Answers in the API's error shape on every path; the
 * connection is closed after it.
 */
export function clientErrorHandler(err: ConnectionError, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  let code: ErrorCode = 'bad_request';
  let message = 'The request could not be read.';
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    code = 'request_timeout';
    message = errorMessage(code);
  } else if (err.code === 'HPE_HEADER_OVERFLOW') {
    // Node hands the bytes it refused as a Buffer (Fastify's type says otherwise).
    const raw: unknown = err.rawPacket;
    const head = Buffer.isBuffer(raw)
      ? raw.subarray(0, REQUEST_LINE_MAX + 2).toString('latin1')
      : '';
    const lineEnd = head.indexOf('\r\n');
    const longAddress = /^[A-Z]+ \//.test(head) && (lineEnd === -1 || lineEnd > REQUEST_LINE_MAX);
    code = longAddress ? 'uri_too_long' : 'headers_too_large';
    message = errorMessage(code);
  }
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const status = errorStatus(code);
  const json = JSON.stringify(body(code, message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(json)}\r\n` +
      'Connection: close\r\n\r\n' +
      json,
  );
}
