import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiErrorBodySchema, CHALLENGE_HEADER } from '@otakura/shared';
import { sessions, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp';
import { flushMail } from '../mail/mailer';
import { TestClient, uniqueUser } from './auth.test-helpers';

// Password hashing and proof-of-work make these slow on a loaded machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

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

async function errorOf(res: Response) {
  return ApiErrorBodySchema.parse(await res.json()).error;
}

async function signedIn(prefix = 'acct') {
  const u = uniqueUser(prefix);
  await t.ctx.auth.api.signUpEmail({ body: u });
  await smtp.waitForMail(u.email);
  const c = new TestClient(t);
  expect((await c.signIn(u.email, u.password)).status).toBe(200);
  return { u, c };
}

describe('account fields through Better Auth', () => {
  it('changes name and username with the same rules as sign-up; nothing else', async () => {
    const { u, c } = await signedIn();
    const other = uniqueUser('other');
    await t.ctx.auth.api.signUpEmail({ body: other });

    const taken = await c.post('/api/auth/update-user', { username: other.username.toUpperCase() });
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).code).toBe('username_taken');

    const reserved = await c.post('/api/auth/update-user', { username: 'support' });
    expect(reserved.status).toBe(400);
    expect((await errorOf(reserved)).details).toEqual([
      { path: 'username', message: 'That username is reserved. Please choose another.' },
    ]);

    const renamed = `${u.username}X`;
    const ok = await c.post('/api/auth/update-user', {
      username: renamed,
      name: 'New Name',
      role: 'admin',
      emailVerified: true,
      image: 'https://evil.example/x.png',
    });
    expect(ok.status).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, u.email));
    expect(row).toMatchObject({
      name: 'New Name',
      username: renamed.toLowerCase(),
      displayUsername: renamed,
      role: 'user',
      emailVerified: false,
      image: null,
    });
    // Changing only the case of one's own username is fine.
    expect(
      (await c.post('/api/auth/update-user', { username: renamed.toLowerCase() })).status,
    ).toBe(200);
  });

  it('changing the password ends every other session, whatever the client sends', async () => {
    for (const revokeOtherSessions of [undefined, false]) {
      const { u, c: laptop } = await signedIn('passwd');
      const phone = new TestClient(t);
      expect((await phone.signIn(u.email, u.password)).status).toBe(200);
      const newPassword = `new password ${revokeOtherSessions}`;
      const res = await laptop.post('/api/auth/change-password', {
        currentPassword: u.password,
        newPassword,
        ...(revokeOtherSessions === undefined ? {} : { revokeOtherSessions }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await phone.session()).toBeNull();
      expect(await laptop.session()).not.toBeNull();
      const sessions = (await (await laptop.get('/api/auth/list-sessions')).json()) as unknown[];
      expect(sessions).toHaveLength(1);
      expect((await new TestClient(t).signIn(u.email, u.password)).status).toBe(401);
      expect((await new TestClient(t).signIn(u.email, newPassword)).status).toBe(200);
    }
  }, 120_000);

  it('needs a session', async () => {
    const res = await new TestClient(t).post('/api/auth/update-user', { name: 'x' });
    expect(res.status).toBe(401);
  });

  it('changes an unverified email once the new address is verified', async () => {
    const { u, c } = await signedIn('move');
    const newEmail = `moved-${u.email}`;
    const res = await c.post('/api/auth/change-email', { newEmail: newEmail.toUpperCase() });
    expect(res.status).toBe(200);
    const mail = await smtp.waitForMail(newEmail);
    expect((await c.session())?.user.email).toBe(u.email);
    expect((await new TestClient(t).open(mail.link!)).status).toBe(302);
    expect((await c.session())?.user).toMatchObject({ email: newEmail, emailVerified: true });
  });

  it('deletes the account with the password, or without it only within 5 minutes of signing in', async () => {
    const { u, c } = await signedIn('leaving');
    const { id: sessionId } = (await c.session())!.session as { id: string };
    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(sessions.id, sessionId));
    const stale = await c.post('/api/auth/delete-user', {});
    expect(stale.status).toBe(403);
    expect(await errorOf(stale)).toEqual({
      code: 'reauth_required',
      message: 'For your security, please sign in again to do this.',
    });
    const wrong = await c.post('/api/auth/delete-user', { password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).code).toBe('wrong_password');
    expect((await c.post('/api/auth/delete-user', { password: u.password })).status).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.email, u.email))).toHaveLength(
      0,
    );

    const fresh = await signedIn('leaving');
    expect((await fresh.c.post('/api/auth/delete-user', {})).status).toBe(200);
    expect(await fresh.c.session()).toBeNull();
  });

  it('does not offer doors around the sign-in limits', async () => {
    const { u } = await signedIn();
    const res = await new TestClient(t).post('/api/auth/sign-in/username', {
      username: u.username,
      password: u.password,
    });
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe('not_found');
  });

  it('accepts a solved challenge once even when two requests race with it (a real race on PostgreSQL; serialised on PGlite)', async () => {
    const c = new TestClient(t);
    const header = await c.solvedChallenge();
    const send = () =>
      new TestClient(t).post(
        '/api/auth/request-password-reset',
        { email: 'race@example.test' },
        { [CHALLENGE_HEADER]: header },
      );
    const statuses = (await Promise.all([send(), send(), send()])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400, 400]);
  });
});

describe('cookies when PUBLIC_URL is https', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await buildTestApp({ PUBLIC_URL: 'https://otakura.example' });
  });
  afterAll(async () => {
    if (s) await flushMail(s.ctx.mailer);
    await s?.close();
  });

  it('sets the session cookie Secure, httpOnly, SameSite=Lax', async () => {
    const c = new TestClient(s);
    const u = uniqueUser('secure');
    expect((await c.signUp(u)).status).toBe(200);
    const res = await c.signIn(u.email, u.password);
    expect(res.status).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .find((l) => l.startsWith('__Secure-otakura.session_token='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(await c.session()).not.toBeNull();
  });
});
