import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ApiErrorBodySchema,
  SendVerificationEmailResultSchema,
  tooManyAttemptsMessage,
} from '@otakura/shared';
import { users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp';
import { flushMail } from '../mail/mailer';
import { signInBackoff } from './auth.service';
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

/** Sign-in delays on a clock the test moves (no waiting minutes); real time again after each test. */
function moveableClock() {
  const backoff = signInBackoff(t.ctx);
  let now = Date.now();
  backoff.now = () => now;
  return {
    advance(seconds: number) {
      now += seconds * 1000;
    },
  };
}

afterEach(() => {
  if (t) signInBackoff(t.ctx).now = () => Date.now();
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
      message: tooManyAttemptsMessage(retryAfter),
      retryAfter,
    });
  });

  it('lets 3 failures through, then delays the account and the address 1, 2 … minutes; the owner from a clean address still gets in', async () => {
    const u = await makeUser('guessed');
    const clock = moveableClock();
    const attacker = new TestClient(t);
    for (let i = 0; i < 4; i++)
      expect((await attacker.signIn(u.email, `wrong-${i}-password`)).status).toBe(401);

    // The 4th failure holds the attacker's address (and the account) for a minute.
    let res = await attacker.signIn(u.email, 'wrong-again-password');
    expect(res.status).toBe(429);
    expect(await errorOf(res)).toEqual({
      code: 'rate_limited',
      message: 'Too many attempts. Try again in 1 minute.',
      retryAfter: 60,
    });
    expect(res.headers.get('retry-after')).toBe('60');

    // After the wait one more try; it fails, and the next wait is twice as long.
    clock.advance(61);
    expect((await attacker.signIn(u.email, 'wrong-5-password')).status).toBe(401);
    res = await attacker.signIn(u.email, 'wrong-6-password');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBe(120);
    expect((await errorOf(res)).message).toBe('Too many attempts. Try again in 2 minutes.');

    // The owner, from an address that has not failed, signs in while the account is attacked.
    const owner = new TestClient(t);
    expect((await owner.signIn(u.email, u.password)).status).toBe(200);

    // The attacker's address is still held, even with the right password.
    clock.advance(30);
    res = await attacker.signIn(u.email, u.password);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBe(90);
  });

  it('holds an attacked account for every address that failed on it; a clean address gets its try; success clears the account', async () => {
    const u = await makeUser('spread');
    moveableClock();
    const first = new TestClient(t);
    for (let i = 0; i < 4; i++)
      expect((await first.signIn(u.email, `wrong-${i}-password`)).status).toBe(401);

    // A second address: clean, so its one wrong guess is checked (5th failure: 2 minutes)...
    const second = new TestClient(t);
    expect((await second.signIn(u.email, 'wrong-4-password')).status).toBe(401);
    // ...and from then on the account's delay holds it, right password or not.
    for (const password of ['wrong-5-password', u.password]) {
      const res = await second.signIn(u.email, password);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBe(120);
    }

    // The owner from a clean address gets in, which clears the account's delay.
    expect((await new TestClient(t).signIn(u.email, u.password)).status).toBe(200);
    expect((await second.signIn(u.email, u.password)).status).toBe(200);
  });

  it('delays an address that guesses across many accounts', async () => {
    moveableClock();
    const guesser = new TestClient(t);
    for (let i = 0; i < 4; i++)
      expect((await guesser.signIn(`nobody-${i}@example.test`, 'some-password')).status).toBe(401);
    const res = await guesser.signIn('nobody-else@example.test', 'some-password');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBe(60);
    // Another address is not held by it.
    expect((await new TestClient(t).signIn('nobody-else@example.test', 'x-password')).status).toBe(
      401,
    );
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

  it('counts the sign-up mail: the automatic send right after sign-up sends nothing and says how long to wait', async () => {
    const u = uniqueUser('auto');
    const c = new TestClient(t);
    expect((await c.signUp(u)).status).toBe(200);
    await smtp.waitForMail(u.email);
    expect((await c.signIn(u.email, u.password)).status).toBe(200);
    const res = await c.post('/api/auth/send-verification-email', {
      email: u.email,
      automatic: true,
    });
    expect(res.status).toBe(200);
    const body = SendVerificationEmailResultSchema.parse(await res.json());
    expect(body.sent).toBe(false);
    expect(body.retryAfter).toBeGreaterThan(170);
    expect(body.retryAfter).toBeLessThanOrEqual(180);
    await flushMail(t.ctx.mailer);
    expect(smtp.mailsTo(u.email)).toHaveLength(1);
  });

  it('sends automatically once per cooldown: later automatic sends are no-ops with the time left, never 429', async () => {
    const u = await makeUser('feedloads');
    const c = new TestClient(t);
    expect((await c.signIn(u.email, u.password)).status).toBe(200);
    const send = async () => {
      const res = await c.post('/api/auth/send-verification-email', {
        email: u.email,
        automatic: true,
      });
      expect(res.status).toBe(200);
      return SendVerificationEmailResultSchema.parse(await res.json());
    };
    const first = await send();
    expect(first).toEqual({ status: true, sent: true, retryAfter: 180 });
    await smtp.waitForMail(u.email);
    // Every further /feed load: nothing sent, the remaining cooldown.
    for (let i = 0; i < 12; i++) {
      const later = await send();
      expect(later.sent).toBe(false);
      expect(later.retryAfter).toBeGreaterThan(0);
      expect(later.retryAfter).toBeLessThanOrEqual(180);
    }
    await flushMail(t.ctx.mailer);
    // makeUser's server-side sign-up mail, and the one automatic send.
    expect(smtp.mailsTo(u.email)).toHaveLength(2);
    // The no-ops used none of the address's budget: the button still gets the same wait.
    const manual = await c.post('/api/auth/send-verification-email', { email: u.email });
    expect(manual.status).toBe(429);
    expect((await errorOf(manual)).retryAfter).toBeLessThanOrEqual(180);
  });

  it('sends automatically only for the signed-in account', async () => {
    const res = await new TestClient(t).post('/api/auth/send-verification-email', {
      email: 'someone@example.test',
      automatic: true,
    });
    expect(res.status).toBe(401);
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
    // makeUser's server-side sign-up made none (sign-up never signs in).
    expect(sessions).toHaveLength(3);
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
