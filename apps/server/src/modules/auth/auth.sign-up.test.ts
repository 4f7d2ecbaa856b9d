import { solveChallenge } from 'altcha-lib/v1';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AltchaChallengeSchema,
  ApiErrorBodySchema,
  CHALLENGE_HEADER,
  SIGN_UP_CHECK_INBOX_MESSAGE,
  tooManyAttemptsMessage,
} from '@otakura/shared';
import { buildTestApp, type TestApp } from '../../test/app';
import { flushMail } from '../mail/mailer';
import { SIGN_UP_MIN_MS } from './auth.service';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp';
import { TestClient, encodePayload, uniqueUser } from './auth.test-helpers';

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

describe('sign-up', () => {
  it('creates the account without a session, answers "check your inbox" and mails a link that verifies and signs in', async () => {
    const c = new TestClient(t);
    const u = uniqueUser('happy');
    const res = await c.signUp({ ...u, email: `  ${u.email.toUpperCase()} ` });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: true, message: SIGN_UP_CHECK_INBOX_MESSAGE });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await c.session()).toBeNull();

    const mail = await smtp.waitForMail(u.email);
    expect(mail.subject).toBe('Verify your email for Otakura');
    expect(mail.html).toContain('Verify Your Email Address');
    expect(mail.link).toMatch(
      /^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=.+&callbackURL=%2Ffeed$/,
    );

    // Opening it verifies the address, signs this browser in (httpOnly, SameSite=Lax) and lands on /feed.
    const click = await c.open(mail.link!);
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toBe('/feed');
    const cookie = click.headers.getSetCookie().find((l) => l.startsWith('otakura.session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // PUBLIC_URL is http in tests
    expect((await c.session())?.user).toMatchObject({
      email: u.email,
      emailVerified: true,
      displayUsername: u.username,
    });
  });

  it('answers a taken email exactly like a new one, and tells the owner instead (with a reset link)', async () => {
    const owner = uniqueUser('owner');
    expect((await new TestClient(t).signUp(owner)).status).toBe(200);
    await smtp.waitForMail(owner.email);
    await flushMail(t.ctx.mailer);

    const fresh = new TestClient(t);
    const newOne = await fresh.signUp(uniqueUser('fresh'));
    const intruder = new TestClient(t);
    const startedAt = Date.now();
    const taken = await intruder.signUp({
      ...uniqueUser('intruder'),
      email: owner.email.toUpperCase(),
      password: 'another password here',
    });
    const tookMs = Date.now() - startedAt;
    expect(taken.status).toBe(newOne.status);
    expect(await taken.json()).toEqual(await newOne.json());
    expect(taken.headers.getSetCookie()).toEqual([]);
    expect(taken.headers.get('content-type')).toBe(newOne.headers.get('content-type'));
    expect(tookMs).toBeGreaterThanOrEqual(SIGN_UP_MIN_MS - 5);

    const warning = await smtp.waitForMail(owner.email, { subject: /^Someone tried/ });
    expect(warning.subject).toBe('Someone tried to sign up for Otakura with your email');
    expect(warning.text).toContain('You already have an account');
    expect(warning.link).toBe('http://localhost:3000/forgotPassword');
    // Nothing changed for the owner: the old password still signs in.
    expect((await new TestClient(t).signIn(owner.email, owner.password)).status).toBe(200);

    // A second try soon after mails the owner no more (no mail bombing), same answer.
    const again = await new TestClient(t).signUp({ ...uniqueUser('again'), email: owner.email });
    expect(again.status).toBe(200);
    await flushMail(t.ctx.mailer);
    expect(
      smtp.mailsTo(owner.email).filter((m) => m.subject.startsWith('Someone tried')),
    ).toHaveLength(1);
  });

  it('validates the whole body before the challenge: a NUL in the name is 400 naming it, and the challenge still works', async () => {
    const c = new TestClient(t);
    const u = uniqueUser('nul');
    const challenge = await c.solvedChallenge();
    const bad = await c.post(
      '/api/auth/sign-up/email',
      { ...u, name: 'Nul\u0000Name' },
      { [CHALLENGE_HEADER]: challenge },
    );
    expect(bad.status).toBe(400);
    const error = await errorOf(bad);
    expect(error.code).toBe('validation_error');
    expect(error.details?.map((d) => d.path)).toEqual(['name']);

    const good = await c.post('/api/auth/sign-up/email', u, { [CHALLENGE_HEADER]: challenge });
    expect(good.status).toBe(200);
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

  it('refuses a username taken in another case (usernames may say "taken")', async () => {
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
      message: tooManyAttemptsMessage(retryAfter),
      retryAfter,
    });
    // Another address is not affected.
    expect((await new TestClient(t).signUp(uniqueUser('many'))).status).toBe(200);
  });
});
