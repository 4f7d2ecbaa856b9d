import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiErrorBodySchema, CHALLENGE_HEADER, tooManyAttemptsMessage } from '@otakura/shared';
import { verifications } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp';
import { flushMail } from '../mail/mailer';
import { flushResetRequests } from './auth.routes';
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

const NEUTRAL = {
  status: true,
  message: "If an account exists for that email, we've sent a link to reset the password.",
};

async function errorOf(res: Response) {
  return ApiErrorBodySchema.parse(await res.json()).error;
}

async function makeUser(prefix = 'reset') {
  const u = uniqueUser(prefix);
  await t.ctx.auth.api.signUpEmail({ body: u });
  await smtp.waitForMail(u.email); // the sign-up's verification mail
  return u;
}

async function requestReset(c: TestClient, email: string) {
  return c.post(
    '/api/auth/request-password-reset',
    { email, redirectTo: '/reset-password' },
    {
      [CHALLENGE_HEADER]: await c.solvedChallenge(),
    },
  );
}

/** Asks for a reset and follows the mailed link to the web page's token. */
async function resetToken(email: string): Promise<{ token: string; link: string }> {
  const res = await requestReset(new TestClient(t), email);
  expect(res.status).toBe(200);
  const mail = await smtp.waitForMail(email, { subject: /Reset your/ });
  const landing = await new TestClient(t).open(mail.link!);
  expect(landing.status).toBe(302);
  const to = new URL(landing.headers.get('location')!);
  expect(`${to.origin}${to.pathname}`).toBe('http://localhost:3000/reset-password');
  return { token: to.searchParams.get('token')!, link: mail.link! };
}

async function resetTokenCount(): Promise<number> {
  const rows = await t.database.db
    .select({ id: verifications.id })
    .from(verifications)
    .where(like(verifications.identifier, 'reset-password:%'));
  return rows.length;
}

describe('password reset', () => {
  it('answers the same neutral message whether or not the account exists, before doing any account work', async () => {
    const u = await makeUser();
    const c = new TestClient(t);
    const timed = async (email: string) => {
      const challenge = await c.solvedChallenge();
      const res = await c.post(
        '/api/auth/request-password-reset',
        { email, redirectTo: '/reset-password' },
        {
          [CHALLENGE_HEADER]: challenge,
        },
      );
      return { res };
    };
    // Hold Better Auth (the account lookup, token and mail) until both answers are in.
    const auth = t.ctx.auth as { handler: (r: Request) => Promise<Response> };
    const original = auth.handler;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started = 0;
    auth.handler = async (r) => {
      if (new URL(r.url).pathname.endsWith('/request-password-reset')) {
        started += 1;
        await gate;
      }
      return original(r);
    };
    const tokensBefore = await resetTokenCount();
    let known, unknown;
    try {
      known = await timed(u.email);
      unknown = await timed('no-such-account@example.test');
      // Both answered while the account work was still blocked: nothing in the timing
      // of the answer depends on whether the account exists.
      expect(started).toBe(2);
      expect(await resetTokenCount()).toBe(tokensBefore);
    } finally {
      release();
      auth.handler = original;
    }
    expect(known.res.status).toBe(200);
    expect(unknown.res.status).toBe(200);
    expect(await known.res.json()).toEqual(NEUTRAL);
    expect(await unknown.res.json()).toEqual(NEUTRAL);
    await flushResetRequests();
    expect(await resetTokenCount()).toBe(tokensBefore + 1);

    const mail = await smtp.waitForMail(u.email, { subject: /Reset your/ });
    expect(mail.subject).toBe('Reset your Otakura password');
    expect(mail.link).toMatch(
      /^http:\/\/localhost:3000\/api\/auth\/reset-password\/[^?]+\?callbackURL=%2Freset-password$/,
    );
    await flushMail(t.ctx.mailer);
    expect(smtp.mailsTo('no-such-account@example.test')).toHaveLength(0);
  });

  it('needs the challenge and a valid email', async () => {
    const c = new TestClient(t);
    const res = await c.post('/api/auth/request-password-reset', { email: 'someone@example.test' });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('challenge_failed');
    const bad = await c.post(
      '/api/auth/request-password-reset',
      { email: 'nope' },
      {
        [CHALLENGE_HEADER]: await c.solvedChallenge(),
      },
    );
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).details).toEqual([
      {
        path: 'email',
        message: 'Sorry, this is not a valid email. Please enter a valid email address.',
      },
    ]);
  });

  it('sets the new password; the old one stops working; other sessions end; the link works once', async () => {
    const u = await makeUser();
    const elsewhere = new TestClient(t);
    expect((await elsewhere.signIn(u.email, u.password)).status).toBe(200);

    const { token } = await resetToken(u.email);
    const short = await new TestClient(t).post('/api/auth/reset-password', {
      newPassword: 'short',
      token,
    });
    expect(short.status).toBe(400);
    expect((await errorOf(short)).details).toEqual([
      { path: 'newPassword', message: 'Password must be at least 8 characters.' },
    ]);

    const res = await new TestClient(t).post('/api/auth/reset-password', {
      newPassword: 'a brand new password',
      token,
    });
    expect(res.status).toBe(200);
    expect(await elsewhere.session()).toBeNull();

    const old = await new TestClient(t).signIn(u.email, u.password);
    expect(old.status).toBe(401);
    expect((await errorOf(old)).code).toBe('invalid_credential');
    expect((await new TestClient(t).signIn(u.email, 'a brand new password')).status).toBe(200);

    const reused = await new TestClient(t).post('/api/auth/reset-password', {
      newPassword: 'yet another password',
      token,
    });
    expect(reused.status).toBe(400);
    expect(await errorOf(reused)).toEqual({
      code: 'invalid_token',
      message: 'This link is invalid or has already been used. Please ask for a new one.',
    });
  });

  it('says when the link has expired, on the landing redirect and on the form', async () => {
    const u = await makeUser();
    const { token, link } = await resetToken(u.email);
    await t.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));

    const landing = await new TestClient(t).open(link);
    expect(landing.status).toBe(302);
    expect(landing.headers.get('location')).toBe(
      'http://localhost:3000/reset-password?error=TOKEN_EXPIRED',
    );

    const res = await new TestClient(t).post('/api/auth/reset-password', {
      newPassword: 'a brand new password',
      token,
    });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({
      code: 'expired_token',
      message: 'This link has expired. Please ask for a new one.',
    });
    expect((await new TestClient(t).signIn(u.email, u.password)).status).toBe(200);
  });

  it('sends an unknown link to the page with error=INVALID_TOKEN', async () => {
    const res = await new TestClient(t).get(
      '/api/auth/reset-password/not-a-token?callbackURL=%2Freset-password',
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(
      'http://localhost:3000/reset-password?error=INVALID_TOKEN',
    );
  });

  it('allows 3 reset mails an hour per email', async () => {
    const u = await makeUser('limited');
    for (let i = 0; i < 3; i++)
      expect((await requestReset(new TestClient(t), u.email)).status).toBe(200);
    const res = await requestReset(new TestClient(t), u.email.toUpperCase());
    expect(res.status).toBe(429);
    const error = await errorOf(res);
    expect(error.code).toBe('rate_limited');
    expect(error.message).toBe(tooManyAttemptsMessage(error.retryAfter!));
    expect(Number(res.headers.get('retry-after'))).toBe(error.retryAfter);
  });
});
