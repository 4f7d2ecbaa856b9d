import { ApiErrorBodySchema } from '@otakura/shared';
import { describe, expect, it } from 'vitest';
import { readApiErrorBody, toApiError } from './api-error';

const answer = (status: number, body: unknown, retryAfter: string | null = null) => ({
  status,
  statusText: 'Status text',
  text: typeof body === 'string' ? body : JSON.stringify(body),
  header: (name: string) => (name === 'retry-after' ? retryAfter : null),
});

const issue = { path: 'title', message: 'Required' };
const bodies: unknown[] = [
  { error: { code: 'post_not_found', message: 'Not found' } },
  { error: { code: 'validation_error', message: 'Invalid', details: [issue] } },
  { error: { code: 'validation_error', message: 'Invalid', details: [] } },
  { error: { code: 'rate_limited', message: 'Slow down', retryAfter: 30 } },
  { error: { code: 'x', message: 'y', extra: 1, details: [{ ...issue, extra: true }] }, more: 2 },
  { error: { code: 'x', message: 'y', retryAfter: 1.5 } },
  { error: { code: 'x', message: 'y', retryAfter: 2 ** 60 } },
  { error: { code: 'x', message: 'y', retryAfter: '30' } },
  { error: { code: 'x', message: 'y', details: [{ path: 1, message: 'm' }] } },
  { error: { code: 'x', message: 'y', details: issue } },
  { error: { code: 'x', message: 'y', details: null } },
  { error: { code: 'x', message: 'y', retryAfter: null } },
  { error: { code: 1, message: 'y' } },
  { error: { code: 'x' } },
  { error: [] },
  { error: 'boom' },
  Object.assign([], { error: { code: 'x', message: 'y' } }),
  [],
  null,
  'text',
  42,
  undefined,
];

describe('readApiErrorBody', () => {
  it.each(bodies.map((body) => [JSON.stringify(body) ?? 'undefined', body]))(
    'agrees with ApiErrorBodySchema on %s',
    (_name, body) => {
      const parsed = ApiErrorBodySchema.safeParse(body);
      expect(readApiErrorBody(body)).toEqual(parsed.success ? parsed.data : undefined);
    },
  );

  it('drops unknown keys like the schema', () => {
    expect(
      readApiErrorBody({
        error: { code: 'x', message: 'y', extra: 1, details: [{ ...issue, extra: true }] },
      }),
    ).toStrictEqual({ error: { code: 'x', message: 'y', details: [issue] } });
  });
});

describe('toApiError', () => {
  it('reads our error shape, retryAfter from the body before the header', () => {
    const error = toApiError(
      answer(429, { error: { code: 'rate_limited', message: 'Wait', retryAfter: 7 } }, '60'),
    );
    expect(error).toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: 'Wait',
      retryAfter: 7,
    });
  });

  it('keeps validation details', () => {
    const error = toApiError(
      answer(400, { error: { code: 'validation_error', message: 'Invalid', details: [issue] } }),
    );
    expect(error.details).toEqual([issue]);
  });

  it('gives another shape a stable code and the Retry-After header', () => {
    expect(toApiError(answer(502, '<html>Bad gateway</html>', '5'))).toMatchObject({
      code: 'internal_error',
      message: 'Status text',
      retryAfter: 5,
    });
    expect(toApiError(answer(404, { error: { code: 1, message: 'x' } }))).toMatchObject({
      code: 'http_error',
      retryAfter: undefined,
    });
  });
});
