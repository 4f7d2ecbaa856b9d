import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema } from '@otakura/shared';
import { users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp';
import { flushMail } from '../mail/mailer';
import { TestClient, uniqueUser } from './auth.test-helpers';

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

/** An account made on the server side (no challenge, no limits), its sign-up mail already read. */
async function makeUser(prefix = 'u') {
  const u = uniqueUser(prefix);
  await t.ctx.auth.api.signUpEmail({ body: u });
  await smtp.waitForMail(u.email);
  return u;
}

describe('sign-in', () => {
  it('signs in with the right password, whatever the email case', async () => {
    const u = await makeUser();
    const c = new TestClient(t);
    const res = await c.signIn(` ${u.email.toUpperCase()} `, u.password);
    expect(res.status).toBe(200);
    expect((await c.session())?.user.email).toBe(u.email);
  });

  it('answers a wrong password and an unknown email with the same code and message', async () => {
    const u = await makeUser();
    const wrong = await new TestClient(t).signIn(u.email, 'not the password');
    const unknown = await new TestClient(t).signIn('nobody-here@example.test', 'not the password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const a = await errorOf(wrong);
    expect(a).toEqual({
      code: 'invalid_credential',
      message: 'Sorry, that email or password is incorrect.',
    });
    expect(await errorOf(unknown)).toEqual(a);
    expect(
      wrong.headers
        .getSetCookie()
        .some((l) => l.startsWith('otakura.session_token=') && !/Max-Age=0/i.test(l)),
    ).toBe(false);
  });

  it('needs both fields, and says when the email is not an email', async () => {
    const c = new TestClient(t);
    const missing = await c.post('/api/auth/sign-in/email', {});
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).details).toEqual([
      { path: 'email', message: 'Please enter your email.' },
      { path: 'password', message: 'Please enter your password.' },
    ]);
    const bad = await c.signIn('not-an-email', 'whatever1');
    expect(bad.status).toBe(400);
    const error = await errorOf(bad);
    expect(error.code).toBe('invalid_email');
    expect(error.message).toBe(
      'Sorry, this is not a valid email. Please enter a valid email address.',
    );
  });

  it('refuses a banned account with user_disabled', async () => {
    const u = await makeUser('banned');
    await t.database.db.update(users).set({ banned: true }).where(eq(users.email, u.email));
    const res = await new TestClient(t).signIn(u.email, u.password);
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toEqual({
      code: 'user_disabled',
      message: 'This account has been disabled.',
    });
    // A wrong password still says only that.
    expect((await errorOf(await new TestClient(t).signIn(u.email, 'wrong password'))).code).toBe(
      'invalid_credential',
    );
  });

  it('refuses a cross-origin or origin-less POST to sign-in and to the rest of the API', async () => {
    const u = await makeUser();
    const c = new TestClient(t);
    for (const origin of ['https://evil.example', 'null']) {
      const res = await c.post(
        '/api/auth/sign-in/email',
        { email: u.email, password: u.password },
        { origin },
      );
      expect(res.status).toBe(403);
      expect(await errorOf(res)).toEqual({
        code: 'invalid_origin',
        message: 'This request did not come from this site, so it was refused.',
      });
    }
    const noOrigin = await fetch(`${t.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: u.email, password: u.password }),
    });
    expect(noOrigin.status).toBe(403);
    expect(c.cookies.size).toBe(0);

    const other = await c.post('/api/posts', { title: 'x' }, { origin: 'https://evil.example' });
    expect(other.status).toBe(403);
    expect((await errorOf(other)).code).toBe('invalid_origin');
  });
});

describe('sign-in rate limits', () => {
  it('allows 10 attempts a minute from one address, then 429 with Retry-After and the message', async () => {
    const c = new TestClient(t);
    // Every attempt counts, even one that fails validation (and costs no password hashing here).
    for (let i = 0; i < 9; i++)
      expect((await c.post('/api/auth/sign-in/email', {})).status).toBe(400);
    expect((await c.signIn('nobody@example.test', 'whatever1')).status).toBe(401);
    const res = await c.signIn('nobody@example.test', 'whatever1');
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await errorOf(res)).toEqual({
      code: 'rate_limited',
      message: `Too many attempts. Try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
      retryAfter,
    });
  });

  it('locks an account for 15 minutes after 5 wrong passwords, from any address', async () => {
    const u = await makeUser('guessed');
    for (let i = 0; i < 5; i++) {
      expect((await new TestClient(t).signIn(u.email, `wrong-${i}-password`)).status).toBe(401);
    }
    const res = await new TestClient(t).signIn(u.email, u.password);
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Other accounts are not affected.
    const v = await makeUser();
    expect((await new TestClient(t).signIn(v.email, v.password)).status).toBe(200);
  });

  it('does not count successful sign-ins as failures', async () => {
    const u = await makeUser('often');
    for (let i = 0; i < 6; i++)
      expect((await new TestClient(t).signIn(u.email, u.password)).status).toBe(200);
  });
});

describe('email verification', () => {
  it('resends at most once every 3 minutes per account; the link verifies and the session shows it', async () => {
    const u = await makeUser('verify');
    const c = new TestClient(t);
    await c.signIn(u.email, u.password);
    expect((await c.session())?.user.emailVerified).toBe(false);

    const first = await c.post('/api/auth/send-verification-email', {
      email: u.email.toUpperCase(),
    });
    expect(first.status).toBe(200);
    const mail = await smtp.waitForMail(u.email);
    expect(mail.link).toContain('callbackURL=%2Ffeed');

    const again = await c.post('/api/auth/send-verification-email', { email: u.email });
    expect(again.status).toBe(429);
    const error = await errorOf(again);
    expect(error.code).toBe('rate_limited');
    expect(error.retryAfter).toBeGreaterThan(170);
    expect(error.retryAfter).toBeLessThanOrEqual(180);

    const click = await new TestClient(t).open(mail.link!);
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toBe('/feed');
    expect((await c.session())?.user.emailVerified).toBe(true);
  });

  it('counts the sign-up mail, so an automatic resend right after sign-up sends nothing', async () => {
    const u = uniqueUser('auto');
    const c = new TestClient(t);
    expect((await c.signUp(u)).status).toBe(200);
    await smtp.waitForMail(u.email);
    const res = await c.post('/api/auth/send-verification-email', { email: u.email });
    expect(res.status).toBe(429);
    await flushMail(t.ctx.mailer);
    expect(smtp.mailsTo(u.email)).toHaveLength(1);
  });

  it('says so when the link is broken', async () => {
    const res = await new TestClient(t).get(
      '/api/auth/verify-email?token=nonsense&callbackURL=%2Ffeed',
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/feed?error=invalid_token');
  });
});

describe('sessions', () => {
  it('lists the sessions of the account and revokes one, or all the others', async () => {
    const u = await makeUser('sessions');
    const laptop = new TestClient(t);
    const phone = new TestClient(t);
    const tablet = new TestClient(t);
    for (const c of [laptop, phone, tablet])
      expect((await c.signIn(u.email, u.password)).status).toBe(200);

    const list = await laptop.get('/api/auth/list-sessions');
    expect(list.status).toBe(200);
    const sessions = (await list.json()) as { token: string; ipAddress: string | null }[];
    // makeUser's server-side sign-up made one more (no address).
    expect(sessions).toHaveLength(4);
    expect(
      sessions
        .map((s) => s.ipAddress)
        .filter(Boolean)
        .sort(),
    ).toEqual([laptop.ip, phone.ip, tablet.ip].sort());

    const phoneSession = await phone.session();
    const revoke = await laptop.post('/api/auth/revoke-session', {
      token: phoneSession!.session.token,
    });
    expect(revoke.status).toBe(200);
    expect(await phone.session()).toBeNull();
    expect(await tablet.session()).not.toBeNull();

    expect((await laptop.post('/api/auth/revoke-other-sessions', {})).status).toBe(200);
    expect(await tablet.session()).toBeNull();
    expect((await (await laptop.get('/api/auth/list-sessions')).json()) as unknown[]).toHaveLength(
      1,
    );
    expect(await laptop.session()).not.toBeNull();

    expect((await laptop.post('/api/auth/sign-out', {})).status).toBe(200);
    expect(await laptop.session()).toBeNull();
  });

  it('needs a session to list sessions', async () => {
    const res = await new TestClient(t).get('/api/auth/list-sessions');
    expect(res.status).toBe(401);
    expect((await errorOf(res)).code).toBe('unauthorized');
  });
});
