import { solveChallenge } from 'altcha-lib/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AltchaChallengeSchema, ApiErrorBodySchema, CHALLENGE_HEADER } from '@otakura/shared';
import { buildTestApp, type TestApp } from '../../test/app';
import { flushMail } from '../mail/mailer';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp';
import { TestClient, encodePayload, uniqueUser } from './auth.test-helpers';

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

describe('sign-up', () => {
  it('creates the account, sets an httpOnly SameSite=Lax session cookie and mails a working verification link', async () => {
    const c = new TestClient(t);
    const u = uniqueUser('happy');
    const res = await c.signUp({ ...u, email: `  ${u.email.toUpperCase()} ` });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((l) => l.startsWith('otakura.session_token='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // PUBLIC_URL is http in tests

    const session = await c.session();
    expect(session?.user).toMatchObject({
      email: u.email,
      emailVerified: false,
      displayUsername: u.username,
    });

    const mail = await smtp.waitForMail(u.email);
    expect(mail.subject).toBe('Verify your email for Otakura');
    expect(mail.html).toContain('Verify Your Email Address');
    expect(mail.link).toMatch(
      /^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=.+&callbackURL=%2Ffeed$/,
    );

    // Clicking it (in another browser, even) verifies the address and lands on /feed.
    const other = new TestClient(t);
    const click = await other.open(mail.link!);
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toBe('/feed');
    expect((await c.session())?.user.emailVerified).toBe(true);
  });

  it('names each missing field with its own message', async () => {
    const c = new TestClient(t);
    const res = await c.post(
      '/api/auth/sign-up/email',
      {},
      { [CHALLENGE_HEADER]: await c.solvedChallenge() },
    );
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('validation_error');
    expect(error.details).toEqual([
      { path: 'name', message: 'Please enter your full name.' },
      { path: 'username', message: 'Please enter a username.' },
      { path: 'email', message: 'Please enter your email.' },
      { path: 'password', message: 'Please enter a password.' },
    ]);
    expect(error.message).toBe('Please enter your full name.');
  });

  it('refuses a bad email, a short password, a bad or reserved username', async () => {
    const c = new TestClient(t);
    const u = uniqueUser('bad');
    const cases: [Record<string, string>, string, string][] = [
      [
        { email: 'not-an-email' },
        'email',
        'Sorry, this is not a valid email. Please enter a valid email address.',
      ],
      [{ password: 'short' }, 'password', 'Password must be at least 8 characters.'],
      [{ username: 'ab' }, 'username', 'Username must be at least 3 characters.'],
      [{ username: 'has space' }, 'username', 'Username may only use letters, digits, _ and .'],
      [{ username: 'Admin' }, 'username', 'That username is reserved. Please choose another.'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await c.signUp({ ...u, ...patch });
      expect(res.status, field).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe('validation_error');
      expect(error.details).toEqual([{ path: field, message }]);
    }
  });

  it('refuses a username taken in another case, and a taken email', async () => {
    const first = uniqueUser('taken');
    expect((await new TestClient(t).signUp(first)).status).toBe(200);

    const sameName = await new TestClient(t).signUp({
      ...uniqueUser('x'),
      username: first.username.toUpperCase(),
    });
    expect(sameName.status).toBe(409);
    expect(await errorOf(sameName)).toEqual({
      code: 'username_taken',
      message: 'That username is already taken. Please try another.',
    });

    const sameEmail = await new TestClient(t).signUp({
      ...uniqueUser('y'),
      email: first.email.toUpperCase(),
    });
    expect(sameEmail.status).toBe(409);
    expect((await errorOf(sameEmail)).code).toBe('email_taken');
  });

  it('keeps the case-insensitive username rule even when the check is bypassed (database index)', async () => {
    const first = uniqueUser('race');
    await t.ctx.auth.api.signUpEmail({ body: { ...first, username: first.username } });
    await expect(
      t.ctx.auth.api.signUpEmail({
        body: { ...uniqueUser('race2'), username: first.username.toUpperCase() },
      }),
    ).rejects.toThrow();
  });
});

describe('the proof-of-work challenge', () => {
  it('is an ALTCHA challenge that altcha-lib solves', async () => {
    const c = new TestClient(t);
    const res = await c.get('/api/challenge');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const challenge = AltchaChallengeSchema.parse(await res.json());
    expect(challenge.maxnumber).toBe(50_000);
    const expires = Number(new URLSearchParams(challenge.salt.split('?')[1]).get('expires'));
    expect(expires * 1000 - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(10 * 60_000);

    const solution = await solveChallenge(
      challenge.challenge,
      challenge.salt,
      challenge.algorithm,
      challenge.maxnumber,
    ).promise;
    expect(solution).not.toBeNull();
    const header = encodePayload(challenge, solution!.number);
    const ok = await c.post('/api/auth/sign-up/email', uniqueUser('pow'), {
      [CHALLENGE_HEADER]: header,
    });
    expect(ok.status).toBe(200);

    // The same payload again: refused, even for another sign-up from elsewhere.
    const replay = await new TestClient(t).post('/api/auth/sign-up/email', uniqueUser('pow2'), {
      [CHALLENGE_HEADER]: header,
    });
    expect(replay.status).toBe(400);
    expect(await errorOf(replay)).toEqual({
      code: 'challenge_failed',
      message: 'Please complete the check and try again.',
    });
  });

  it('refuses a sign-up without a challenge, with garbage, or with a wrong number', async () => {
    const c = new TestClient(t);
    const missing = await c.post('/api/auth/sign-up/email', uniqueUser('nopow'));
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).code).toBe('challenge_failed');

    const garbage = await c.post('/api/auth/sign-up/email', uniqueUser('nopow'), {
      [CHALLENGE_HEADER]: 'bm90IGpzb24=',
    });
    expect((await errorOf(garbage)).code).toBe('challenge_failed');

    const challenge = AltchaChallengeSchema.parse(await (await c.get('/api/challenge')).json());
    const { number } = (await solveChallenge(
      challenge.challenge,
      challenge.salt,
      challenge.algorithm,
      challenge.maxnumber,
    ).promise)!;
    const wrong = await c.post('/api/auth/sign-up/email', uniqueUser('nopow'), {
      [CHALLENGE_HEADER]: encodePayload(challenge, number + 1),
    });
    expect((await errorOf(wrong)).code).toBe('challenge_failed');

    // A challenge signed with another key (not ours).
    const forged = encodePayload({ ...challenge, signature: 'f'.repeat(64) }, number);
    const forgedRes = await c.post('/api/auth/sign-up/email', uniqueUser('nopow'), {
      [CHALLENGE_HEADER]: forged,
    });
    expect((await errorOf(forgedRes)).code).toBe('challenge_failed');
    // Nobody was created by any of these.
    expect(await new TestClient(t).session()).toBeNull();
  });
});

describe('sign-up rate limit', () => {
  it('allows 5 accounts an hour from one address, then answers 429 with Retry-After', async () => {
    const c = new TestClient(t);
    for (let i = 0; i < 5; i++) expect((await c.signUp(uniqueUser('many'))).status).toBe(200);
    const res = await c.signUp(uniqueUser('many'));
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const error = await errorOf(res);
    expect(error).toEqual({
      code: 'rate_limited',
      message: `Too many attempts. Try again in ${retryAfter} seconds.`,
      retryAfter,
    });
    // Another address is not affected.
    expect((await new TestClient(t).signUp(uniqueUser('many'))).status).toBe(200);
  });
});
