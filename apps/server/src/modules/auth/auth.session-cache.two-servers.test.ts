/**
 * Two servers on one PostgreSQL database, each with its own session cache: a change made
 * through server A is seen by the next request to server B — through the live bus
 * (`session.invalidate`, `session.revoked`), well before B's entries would expire. Runs in the
 * PostgreSQL pass (`npm run test:pg`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import { createUser, signInHttp, withCookie, type TestHttp } from '../../test/factories';
import { buildSharedDbApps, type SharedDbApps } from '../../test/shared-db-apps';
import { runAdminCommand, tellRunningServers } from '../../cli/admin';
import { sessionCacheOf } from './session-cache';

/** Far below the cache's TTL: passing proves the bus carried the change, not the clock. */
const WITHIN_MS = 5_000;

/** Polls `http(path)` until it answers `status` (the NOTIFY takes a few ms to arrive). */
async function expectStatusSoon(http: TestHttp, path: string, status: number) {
  const deadline = Date.now() + WITHIN_MS;
  let last = 0;
  for (;;) {
    last = (await http(path)).status;
    if (last === status || Date.now() > deadline) break;
    await new Promise((r) => setImmediate(r));
  }
  expect(last).toBe(status);
}

describe.runIf(process.env.DATABASE_URL)('the session cache across two servers', () => {
  let shared: SharedDbApps;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    shared = await buildSharedDbApps(2);
    [a, b] = shared.apps as [TestApp, TestApp];
  });
  afterAll(async () => {
    await shared?.close();
  });

  /** GETs `path` on B twice: the second answer must come from B's cache. */
  async function warmOnB(http: TestHttp, path: string, status = 200) {
    const cache = sessionCacheOf(b.ctx.auth)!;
    expect((await http(path)).status).toBe(status);
    const hits = cache.stats.hits;
    expect((await http(path)).status).toBe(status);
    expect(cache.stats.hits).toBe(hits + 1);
    expect(cache.ttlMs).toBeGreaterThan(WITHIN_MS * 2);
  }

  it('sign-out on A: 401 on B', async () => {
    const u = await createUser(a, { signIn: false });
    const cookie = await signInHttp(a, u.user.email, u.password);
    const onB = withCookie(b, cookie);
    await warmOnB(onB, '/api/me');
    const out = await withCookie(a, cookie)('/api/auth/sign-out', { method: 'POST', json: {} });
    expect(out.status).toBe(200);
    await expectStatusSoon(onB, '/api/me', 401);
  });

  it('role change on A: 403 on B', async () => {
    const admin = await createUser(a, { role: 'admin' });
    const mod = await createUser(a, { role: 'moderator' });
    const onB = withCookie(b, mod.cookie);
    await warmOnB(onB, '/api/moderation/users');
    const res = await admin.http(`/api/admin/users/${mod.user.id}/role`, {
      method: 'PUT',
      json: { role: 'user', reason: 'Stepping down for now' },
    });
    expect(res.status).toBe(200);
    await expectStatusSoon(onB, '/api/moderation/users', 403);
  });

  it('suspension on A: 401 on B', async () => {
    const mod = await createUser(a, { role: 'moderator' });
    const target = await createUser(a);
    const onB = withCookie(b, target.cookie);
    await warmOnB(onB, '/api/me');
    const res = await mod.http(`/api/moderation/users/${target.user.id}/suspend`, {
      method: 'POST',
      json: { reason: 'Spamming links again', durationDays: 3 },
    });
    expect(res.status).toBe(200);
    await expectStatusSoon(onB, '/api/me', 401);
  });

  it('npm run admin revoke beside running servers: 403 on B', async () => {
    const mod = await createUser(a, { role: 'moderator' });
    const onB = withCookie(b, mod.cookie);
    await warmOnB(onB, '/api/moderation/users');
    const pool = a.ctx.database.pool!;
    expect(await runAdminCommand(a.ctx.database.db, ['revoke', mod.user.email])).toContain(
      'is now an ordinary user',
    );
    await tellRunningServers(pool, mod.user.id);
    await expectStatusSoon(onB, '/api/moderation/users', 403);
  });
});
