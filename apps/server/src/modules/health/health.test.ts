/**
 * Liveness and readiness: live answers 200 whatever the dependencies do; ready answers 503
 * with a reason when the database or the storage does not answer, and as soon as a shutdown
 * begins. /api/health keeps its old answer (app.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../plugins/context';
import { buildTestApp, type TestApp } from '../../test/app';
import { beginShutdown, getReadiness, isShuttingDown } from './readiness';

describe('/api/health/live and /api/health/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('live and ready answer 200 on a healthy server, uncached', async () => {
    const live = await t.http('/api/health/live');
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    expect(live.headers.get('cache-control')).toBe('no-store');
    const ready = await t.http('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ready',
      database: { status: 'ok' },
      storage: { status: 'ok' },
    });
    expect((await t.http('/api/health')).status).toBe(200);
  });

  it('ready answers 503 shutting_down once a shutdown began; live stays 200', async () => {
    beginShutdown(t.ctx);
    const ready = await t.http('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'unavailable', reason: 'shutting_down' });
    expect((await t.http('/api/health/live')).status).toBe(200);
  });

  it('ready still answers 503 when the database closes during the shutdown; live stays 200', async () => {
    await t.ctx.live.close(); // PostgreSQL: its LISTEN client would log reconnect attempts
    await t.database.close();
    const ready = await t.http('/api/health/ready');
    expect(ready.status).toBe(503);
    const body = (await ready.json()) as { reason: string; database: { status: string } };
    // Shutting down (the previous test) is named first; the database check still ran.
    expect(body.reason).toBe('shutting_down');
    expect(body.database.status).toBe('down');
    expect((await t.http('/api/health/live')).status).toBe(200);
  });
});

describe('readiness after a database outage, without a shutdown', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('names the database', async () => {
    expect((await t.http('/api/health/ready')).status).toBe(200);
    await t.ctx.live.close(); // PostgreSQL: its LISTEN client would log reconnect attempts
    await t.database.close();
    const ready = await t.http('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({
      status: 'unavailable',
      reason: 'database_unreachable',
      database: { status: 'down' },
      storage: { status: 'ok' },
    });
    expect((await t.http('/api/health/live')).status).toBe(200);
  });

  it('counts closing the app as shutting down', async () => {
    expect(isShuttingDown(t.ctx)).toBe(false);
    await t.app.close();
    expect(isShuttingDown(t.ctx)).toBe(true);
  });
});

describe('getReadiness', () => {
  const ctx = (ping: () => Promise<void>, storagePing: () => Promise<void>) =>
    ({ database: { ping }, storage: { ping: storagePing } }) as unknown as AppContext;

  it('gives up on a database that does not answer within the timeout', async () => {
    const never = () => new Promise<void>(() => {});
    const t0 = Date.now();
    const r = await getReadiness(
      ctx(never, async () => {}),
      100,
    );
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(r).toMatchObject({
      status: 'unavailable',
      reason: 'database_unreachable',
      database: { status: 'down', error: 'no answer within 100 ms' },
    });
  });

  it('names the storage when only the storage fails', async () => {
    const r = await getReadiness(
      ctx(
        async () => {},
        () => Promise.reject(new Error('bucket gone')),
      ),
      100,
    );
    expect(r).toMatchObject({
      status: 'unavailable',
      reason: 'storage_unreachable',
      storage: { status: 'down', error: 'bucket gone' },
    });
  });
});
