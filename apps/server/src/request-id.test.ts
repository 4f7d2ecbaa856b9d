/**
 * Request ids: the answer's X-Request-Id and the log lines of that request carry the same id;
 * a caller's X-Request-Id is believed only behind a trusted proxy, and only when it is sane.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { createAppContext } from './app-context';
import { loadConfig } from './config/env';
import type { Database } from './db/client';
import { createTestDatabase } from './test/db';
import { isSaneRequestId } from './plugins/request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  route?: string;
  statusCode?: number;
  err?: { message: string };
}

let database: Database;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'otakura-reqid-'));
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** An app whose logger writes JSON lines into `lines`, with a route that throws. */
async function appWithLog(
  trustProxy: boolean,
): Promise<{ app: FastifyInstance; lines: LogLine[] }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    TRUST_PROXY: String(trustProxy),
  });
  const ctx = createAppContext(config, database, { log: { info: () => {} } });
  const lines: LogLine[] = [];
  const stream = { write: (s: string) => void lines.push(JSON.parse(s) as LogLine) };
  const app = await buildApp(ctx, { logger: { level: 'info', stream } });
  app.get('/api/test-boom', { schema: { hide: true } }, async (req) => {
    req.log.info('about to fail');
    throw new Error('secret detail of a bug');
  });
  await app.ready();
  return { app, lines };
}

describe('request ids', () => {
  let untrusted: { app: FastifyInstance; lines: LogLine[] };
  let trusted: { app: FastifyInstance; lines: LogLine[] };
  beforeAll(async () => {
    untrusted = await appWithLog(false);
    trusted = await appWithLog(true);
  });
  afterAll(async () => {
    await untrusted?.app.close();
    await trusted?.app.close();
  });

  it('returns a generated id in X-Request-Id and logs the request line with the same id', async () => {
    const res = await untrusted.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(UUID);
    const line = untrusted.lines.find((l) => l.reqId === id && l.msg === 'request completed');
    expect(line).toMatchObject({ statusCode: 404, level: 30 });
    // A second request gets another id.
    const again = await untrusted.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(again.headers['x-request-id']).toMatch(UUID);
    expect(again.headers['x-request-id']).not.toBe(id);
  });

  it('logs every line of a failing request with its id and still masks the 500', async () => {
    const res = await untrusted.app.inject({ method: 'GET', url: '/api/test-boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret detail');
    expect(res.json()).toMatchObject({ error: { code: 'internal_error' } });
    const id = res.headers['x-request-id'] as string;
    const mine = untrusted.lines.filter((l) => l.reqId === id);
    expect(mine.map((l) => l.msg)).toEqual([
      'about to fail',
      'unhandled error',
      'request completed',
    ]);
    expect(mine[1]).toMatchObject({ level: 50, err: { message: 'secret detail of a bug' } });
    expect(mine[2]).toMatchObject({ route: '/api/test-boom', statusCode: 500 });
  });

  it('ignores a caller-given X-Request-Id without TRUST_PROXY', async () => {
    const res = await untrusted.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': 'from-the-client-123' },
    });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('honours a sane X-Request-Id behind a trusted proxy, on the answer and in the log', async () => {
    const res = await trusted.app.inject({
      method: 'GET',
      url: '/api/no-such-thing',
      headers: { 'x-request-id': 'edge-4f2a:9' },
    });
    expect(res.headers['x-request-id']).toBe('edge-4f2a:9');
    expect(trusted.lines.find((l) => l.reqId === 'edge-4f2a:9')).toMatchObject({
      msg: 'request completed',
      statusCode: 404,
    });
  });

  it.each([
    ['a space', 'two words'],
    ['a quote', 'x"y'],
    ['too long', 'a'.repeat(129)],
    ['a leading dash', '-x'],
  ])('replaces an X-Request-Id with %s even behind a trusted proxy', async (_what, given) => {
    const res = await trusted.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': given },
    });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('knows a sane id', () => {
    expect(isSaneRequestId('0190f5c8-7d2b-7c4e-9a1b-2c3d4e5f6a7b')).toBe(true);
    expect(isSaneRequestId('a'.repeat(128))).toBe(true);
    expect(isSaneRequestId('')).toBe(false);
    expect(isSaneRequestId('line\nbreak')).toBe(false);
    expect(isSaneRequestId(['a', 'b'])).toBe(false);
  });
});
