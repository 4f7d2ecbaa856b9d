import { expect } from 'vitest';
import { CURSOR_MESSAGE } from '../lib/cursor';

/** A cursor the server did not hand out: 400 `validation_error` naming the `cursor` field. */
export async function expectCursorRefused(res: Response): Promise<void> {
  const body = (await res.json()) as {
    error?: { code: string; message: string; details?: { path: string; message: string }[] };
  };
  expect({ status: res.status, error: body.error }, JSON.stringify(body)).toEqual({
    status: 400,
    error: {
      code: 'validation_error',
      message: CURSOR_MESSAGE,
      details: [{ path: 'cursor', message: CURSOR_MESSAGE }],
    },
  });
}
