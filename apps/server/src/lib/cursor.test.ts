import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { newId } from './ids';
import { CURSOR_MESSAGE, communityCursor, postCursor, timeCursor } from './cursor';

const at = '2026-01-02T03:04:05.123456Z';

function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('the keyset cursor codec', () => {
  it('round-trips each list’s cursor as an opaque url-safe string', () => {
    const id = newId();
    const t = timeCursor.encode({ at, id });
    expect(t).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(timeCursor.decode(t)).toEqual({ at, id });
    expect(postCursor.decode(postCursor.encode({ sort: 'new', at, id }), 'new')).toEqual({
      sort: 'new',
      at,
      id,
    });
    const top = { sort: 'top', likes: 42, at, id } as const;
    expect(postCursor.decode(postCursor.encode(top), 'top')).toEqual(top);
    const c = { section: 'followed', name: 'Ab|c "q"', id } as const;
    expect(communityCursor.decode(communityCursor.encode(c))).toEqual(c);
  });

  it('answers undefined for no cursor', () => {
    expect(timeCursor.decode(undefined)).toBeUndefined();
    expect(timeCursor.decode('')).toBeUndefined();
    expect(postCursor.decode(undefined, 'top')).toBeUndefined();
  });

  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  it.each([
    ['garbage', 'bogus'],
    ['not base64url', 'a+b/c='],
    ['not JSON', Buffer.from('k|x|y').toString('base64url')],
    ['a millisecond timestamp', b64(['k', '2026-01-02T03:04:05.123Z', newId()])],
    ['an impossible date', b64(['k', '2026-13-45T03:04:05.123456Z', newId()])],
    ['an id that is not a uuid', b64(['k', at, "x' or 1=1 --"])],
    ['an extra item', b64(['k', at, newId(), 1])],
    ['another list’s cursor', b64(['r', 'name', newId()])],
    ['an object', b64({ at, id: newId() })],
    ['a huge value', 'a'.repeat(5000)],
  ])('refuses %s with 400 validation_error naming cursor', (_name, raw) => {
    const err = refusal(() => timeCursor.decode(raw));
    expect({ status: err.status, code: err.code, details: err.details }).toEqual({
      status: 400,
      code: 'validation_error',
      details: [{ path: 'cursor', message: CURSOR_MESSAGE }],
    });
  });

  it('refuses a post cursor of the other sort and out-of-range like counts', () => {
    const id = newId();
    const err = refusal(() => postCursor.decode(postCursor.encode({ sort: 'new', at, id }), 'top'));
    expect(err.code).toBe('validation_error');
    for (const likes of [-1, 1.5, 2 ** 31, '5']) {
      expect(refusal(() => postCursor.decode(b64(['t', likes, at, id]), 'top')).status).toBe(400);
    }
  });
});
