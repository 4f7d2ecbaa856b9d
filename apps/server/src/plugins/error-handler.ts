import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { tooManyAttemptsMessage, type ApiErrorBody, type FieldIssue } from '@otakura/shared';
import { AppError } from '../lib/errors';

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
