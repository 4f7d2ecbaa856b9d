import type { FastifyRequest } from 'fastify';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TwoFactorEnableResultSchema } from '@otakura/shared';
import { verifications } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp';
import { flushMail } from '../mail/mailer';
import { optionalUser, type SessionUser } from './auth.guard';
import { TestClient, uniqueUser } from './auth.test-helpers';
import { readCookie, SessionCache, sessionCacheOf } from './session-cache';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

describe('SessionCache', () => {
  const user = (id: string): SessionUser => ({
    id,
    email: `${id}@example.test`,
    emailVerified: true,
    name: id,
    username: id,
    role: 'user',
    twoFactorEnabled: false,
    sessionId: `s-${id}`,
    sessionCreatedAt: new Date(0),
  });

  it('keeps an entry for the TTL, never beyond the session expiry', () => {
    let now = 1_000_000;
    const c = new SessionCache({ ttlMs: 30_000, now: () => now });
    c.set('a', user('a'), new Date(now + 60_000), c.epoch);
    c.set('b', user('b'), new Date(now + 10_000), c.epoch);
    now += 10_000;
    expect(c.get('a')?.id).toBe('a');
    expect(c.get('b')).toBeUndefined(); // the session itself ended
    now += 20_000;
    expect(c.get('a')).toBeUndefined();
    c.set('x', user('x'), new Date(now - 1), c.epoch);
    expect(c.get('x')).toBeUndefined();
  });

  it('drops the least recently used entry beyond its size', () => {
    const c = new SessionCache({ maxEntries: 2 });
    const far = new Date(Date.now() + 3_600_000);
    c.set('a', user('a'), far, c.epoch);
    c.set('b', user('b'), far, c.epoch);
    expect(c.get('a')).toBeDefined(); // a is now the most recent
    c.set('c', user('c'), far, c.epoch);
    expect(c.size).toBe(2);
    expect(c.get('b')).toBeUndefined();
    expect(c.get('a')?.id).toBe('a');
    expect(c.get('c')?.id).toBe('c');
  });

  it('never stores a lookup that began before an invalidation', () => {
    const c = new SessionCache();
    const far = new Date(Date.now() + 3_600_000);
    const epoch = c.epoch;
    c.dropUser('someone-else');
    c.set('a', user('a'), far, epoch);
    expect(c.get('a')).toBeUndefined();
    c.set('a', user('a'), far, c.epoch);
    c.set('a2', user('a'), far, c.epoch);
    c.set('b', user('b'), far, c.epoch);
    c.dropUser('a');
    expect([c.get('a'), c.get('a2'), c.get('b')?.id]).toEqual([undefined, undefined, 'b']);
  });

  it('follows the bus: session.invalidate and session.revoked drop a user, resync clears', async () => {
    const { createMemoryLiveBus } = await import('../live/live-bus');
    const bus = createMemoryLiveBus();
    const c = new SessionCache();
    c.attach(bus);
    const far = new Date(Date.now() + 3_600_000);
    for (const id of ['a', 'b', 'c']) c.set(id, user(id), far, c.epoch);
    await bus.publish({ type: 'session.invalidate', userId: 'a' });
    await bus.publish({ type: 'session.revoked', topic: 'user:b', userId: 'b' });
    expect([c.get('a'), c.get('b'), c.get('c')?.id]).toEqual([undefined, undefined, 'c']);
    await bus.publish({ type: 'resync' });
    expect(c.size).toBe(0);
    c.detach();
  });

  it('reads the cookie as sent; a repeated name is not cached', () => {
    const n = 'otakura.session_token';
    expect(readCookie(`a=1; ${n}=tok.sig%3D; b=2`, n)).toBe('tok.sig%3D');
    expect(readCookie(`__Secure-${n}=x`, `__Secure-${n}`)).toBe('x');
    expect(readCookie(`__Secure-${n}=x`, n)).toBeUndefined();
    expect(readCookie(`${n}=x; ${n}=y`, n)).toBeUndefined();
    expect(readCookie(undefined, n)).toBeUndefined();
  });
});

describe('the session cache in the app: every change is seen by the next request', () => {
  let t: TestApp;
  let smtp: SmtpCapture;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await buildTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    if (t) await flushMail(t.ctx.mailer);
    await t?.close();
    await smtp?.close();
  });

  const cache = () => sessionCacheOf(t.ctx.auth)!;
  const header = (c: TestClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  /** What a route's `optionalUser` sees for this Cookie header. */
  const seenAs = (cookie: string) =>
    optionalUser({ server: t.app, headers: { cookie } } as unknown as FastifyRequest);
  const me = (cookie: string) => t.http('/api/me', { headers: { cookie } });

  /** A verified user signed in through HTTP on `devices` clients; each one's cache is warm. */
  async function signedIn(devices = 1) {
    const u = uniqueUser('cache');
    await t.ctx.auth.api.signUpEmail({ body: u });
    await smtp.waitForMail(u.email);
    const clients: TestClient[] = [];
    for (let i = 0; i < devices; i++) {
      const c = new TestClient(t);
      expect((await c.signIn(u.email, u.password)).status).toBe(200);
      expect((await me(header(c))).status).toBe(200);
      const hits = cache().stats.hits;
      expect((await me(header(c))).status).toBe(200);
      expect(cache().stats.hits).toBe(hits + 1); // warm
      clients.push(c);
    }
    return { u, clients, cookies: clients.map(header) };
  }

  it('answers a known cookie from memory and a tampered one through Better Auth', async () => {
    const { cookies } = await signedIn();
    const first = await seenAs(cookies[0]!);
    const tampered = cookies[0]!.replace('session_token=', 'session_token=x');
    expect(tampered).not.toBe(cookies[0]);
    expect(await seenAs(tampered)).toBeNull();
    expect((await seenAs(cookies[0]!))?.id).toBe(first?.id);
  });

  it('sign-out: 401 at once', async () => {
    const { clients, cookies } = await signedIn();
    expect((await clients[0]!.post('/api/auth/sign-out')).status).toBe(200);
    expect((await me(cookies[0]!)).status).toBe(401);
  });

  it('revoke-session and revoke-other-sessions: 401 at once', async () => {
    const { clients, cookies } = await signedIn(3);
    const list = (await (await clients[0]!.get('/api/auth/list-sessions')).json()) as {
      token: string;
    }[];
    const token1 = decodeURIComponent(clients[1]!.cookies.get('otakura.session_token')!).split(
      '.',
    )[0];
    expect(list.some((s) => s.token === token1)).toBe(true);
    expect((await clients[0]!.post('/api/auth/revoke-session', { token: token1 })).status).toBe(
      200,
    );
    expect((await me(cookies[1]!)).status).toBe(401);
    expect((await me(cookies[2]!)).status).toBe(200);
    expect((await clients[0]!.post('/api/auth/revoke-other-sessions')).status).toBe(200);
    expect((await me(cookies[2]!)).status).toBe(401);
    expect((await me(cookies[0]!)).status).toBe(200);
  });

  it('change-password: the other sessions 401 at once', async () => {
    const { u, clients, cookies } = await signedIn(2);
    const res = await clients[0]!.post('/api/auth/change-password', {
      currentPassword: u.password,
      newPassword: 'another horse battery',
    });
    expect(res.status).toBe(200);
    expect((await me(cookies[1]!)).status).toBe(401);
  });

  it('password reset: every session 401 at once', async () => {
    const { u, cookies } = await signedIn();
    await t.ctx.auth.api.requestPasswordReset({
      body: { email: u.email, redirectTo: '/reset-password' },
    });
    const rows = await t.database.db
      .select({ identifier: verifications.identifier })
      .from(verifications)
      .where(like(verifications.identifier, 'reset-password:%'));
    const token = rows.at(-1)!.identifier.slice('reset-password:'.length);
    const res = await new TestClient(t).post('/api/auth/reset-password', {
      newPassword: 'a new horse battery',
      token,
    });
    expect(res.status).toBe(200);
    expect((await me(cookies[0]!)).status).toBe(401);
  });

  it('two-factor on and off: another device sees twoFactorEnabled change at once', async () => {
    const { u, clients, cookies } = await signedIn(2);
    expect((await seenAs(cookies[1]!))?.twoFactorEnabled).toBe(false);
    const enabled = TwoFactorEnableResultSchema.parse(
      await (
        await clients[0]!.post('/api/auth/two-factor/enable', { password: u.password })
      ).json(),
    );
    const secret = new URL(enabled.totpURI).searchParams.get('secret')!;
    const code = await createOTP(new TextDecoder().decode(base32.decode(secret)), {
      digits: 6,
      period: 30,
    }).totp();
    expect((await clients[0]!.post('/api/auth/two-factor/verify-totp', { code })).status).toBe(200);
    expect((await seenAs(cookies[1]!))?.twoFactorEnabled).toBe(true);
    expect((await seenAs(cookies[1]!))?.twoFactorEnabled).toBe(true); // cached again, fresh
    expect(
      (await clients[0]!.post('/api/auth/two-factor/disable', { password: u.password })).status,
    ).toBe(200);
    expect((await seenAs(cookies[1]!))?.twoFactorEnabled).toBe(false);
  });

  it('email verification: emailVerified at once', async () => {
    const u = uniqueUser('verify');
    await t.ctx.auth.api.signUpEmail({ body: u });
    const mail = await smtp.waitForMail(u.email);
    const c = new TestClient(t);
    expect((await c.signIn(u.email, u.password)).status).toBe(200);
    const cookie = header(c);
    expect((await seenAs(cookie))?.emailVerified).toBe(false);
    expect((await seenAs(cookie))?.emailVerified).toBe(false); // cached
    expect((await new TestClient(t).open(mail.link!)).status).toBe(302);
    expect((await seenAs(cookie))?.emailVerified).toBe(true);
  });

  it('name and username, through Better Auth and through PATCH /api/me/account', async () => {
    const { u, clients, cookies } = await signedIn(2);
    expect((await clients[0]!.post('/api/auth/update-user', { name: 'Renamed' })).status).toBe(200);
    expect((await seenAs(cookies[1]!))?.name).toBe('Renamed');
    const res = await t.http('/api/me/account', {
      method: 'PATCH',
      headers: { cookie: cookies[0]! },
      json: { username: `${u.username}Z` },
    });
    expect(res.status).toBe(200);
    expect((await seenAs(cookies[1]!))?.username).toBe(`${u.username}Z`);
  });

  it('account deletion: 401 at once', async () => {
    const { u, clients, cookies } = await signedIn(2);
    const res = await clients[0]!.post('/api/auth/delete-user', { password: u.password });
    expect(res.status).toBe(200);
    expect((await me(cookies[1]!)).status).toBe(401);
  });

  it('role change: a demoted moderator gets 403 at once', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const mod = await createUser(t, { role: 'moderator' });
    for (let i = 0; i < 2; i++) expect((await mod.http('/api/moderation/users')).status).toBe(200);
    const res = await admin.http(`/api/admin/users/${mod.user.id}/role`, {
      method: 'PUT',
      json: { role: 'user', reason: 'Stepping down for now' },
    });
    expect(res.status).toBe(200);
    expect((await mod.http('/api/moderation/users')).status).toBe(403);
  });

  it('suspension: 401 at once', async () => {
    const mod = await createUser(t, { role: 'moderator' });
    const target = await createUser(t);
    for (let i = 0; i < 2; i++) expect((await target.http('/api/me')).status).toBe(200);
    const res = await mod.http(`/api/moderation/users/${target.user.id}/suspend`, {
      method: 'POST',
      json: { reason: 'Spamming links again', durationDays: 3 },
    });
    expect(res.status).toBe(200);
    expect((await target.http('/api/me')).status).toBe(401);
  });

  it('can be switched off: every request goes to Better Auth', async () => {
    const { cookies } = await signedIn();
    const c = cache();
    c.enabled = false;
    try {
      const hits = c.stats.hits;
      expect((await me(cookies[0]!)).status).toBe(200);
      expect(c.stats.hits).toBe(hits);
    } finally {
      c.enabled = true;
    }
  });
});
