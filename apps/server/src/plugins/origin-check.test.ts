import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema } from '@otakura/shared';
import { buildTestApp, type TestApp } from '../test/app';
import { ORIGIN_REFUSED_MESSAGE } from './origin-check';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** A raw POST with exactly these headers (t.http would add our Origin). */
function post(path: string, headers: Record<string, string>) {
  return fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email: 'someone@example.com', password: 'whatever-password' }),
  });
}

async function expectRefused(res: Response) {
  const text = await res.text();
  expect(res.status, text).toBe(403);
  expect(ApiErrorBodySchema.parse(JSON.parse(text)).error).toEqual({
    code: 'invalid_origin',
    message: ORIGIN_REFUSED_MESSAGE,
  });
}

describe('one origin check for the whole API (auth included)', () => {
  const paths = ['/api/posts', '/api/auth/sign-in/email', '/api/auth/sign-out'];

  it.each(paths)(
    'refuses %s with no Origin and a Referer that is not a URL (403, not 500)',
    async (path) => {
      await expectRefused(await post(path, { referer: 'not a url' }));
    },
  );

  it.each(paths)(
    'refuses %s from another site, by Origin or by Referer, and with neither',
    async (path) => {
      await expectRefused(await post(path, { origin: 'https://evil.example' }));
      await expectRefused(await post(path, { origin: 'null' }));
      await expectRefused(await post(path, { referer: 'https://evil.example/page' }));
      await expectRefused(await post(path, { referer: 'data:text/html,hi' }));
      await expectRefused(await post(path, {}));
    },
  );

  it('lets our own pages through, by Origin or by Referer', async () => {
    const origin = new URL(t.ctx.config.publicUrl).origin;
    const variants: Record<string, string>[] = [{ origin }, { referer: `${origin}/login?x=1` }];
    for (const headers of variants) {
      const res = await post('/api/auth/sign-in/email', headers);
      expect(res.status).toBe(401);
    }
  });

  it('leaves reads alone', async () => {
    const res = await fetch(`${t.url}/api/auth/get-session`, { headers: { referer: 'not a url' } });
    expect(res.status).toBe(200);
  });
});
