import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiErrorBodySchema, TwoFactorEnableResultSchema } from '@otakura/shared';
import { buildTestApp, type TestApp } from '../../test/app';
import { flushMail } from '../mail/mailer';
import { TestClient, uniqueUser } from './auth.test-helpers';

// Password hashing and proof-of-work make these slow on a loaded machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  if (t) await flushMail(t.ctx.mailer);
  await t?.close();
});

async function errorOf(res: Response) {
  return ApiErrorBodySchema.parse(await res.json()).error;
}

/** The current code of the authenticator app holding `totpURI`. */
async function codeFor(totpURI: string): Promise<string> {
  const secret = new URL(totpURI).searchParams.get('secret')!;
  return createOTP(new TextDecoder().decode(base32.decode(secret)), {
    digits: 6,
    period: 30,
  }).totp();
}

/** A wrong code, certainly not the current one. */
async function wrongCode(totpURI: string): Promise<string> {
  const right = await codeFor(totpURI);
  return String((Number(right) + 1) % 1_000_000).padStart(6, '0');
}

async function signedInUser() {
  const u = uniqueUser('tfa');
  await t.ctx.auth.api.signUpEmail({ body: u });
  const c = new TestClient(t);
  expect((await c.signIn(u.email, u.password)).status).toBe(200);
  return { u, c };
}

async function enable(c: TestClient, password: string) {
  const res = await c.post('/api/auth/two-factor/enable', { password });
  expect(res.status).toBe(200);
  const result = TwoFactorEnableResultSchema.parse(await res.json());
  expect(
    (await c.post('/api/auth/two-factor/verify-totp', { code: await codeFor(result.totpURI) }))
      .status,
  ).toBe(200);
  return result;
}

describe('two-factor', () => {
  it('enables with the password, confirms with a code, then sign-in asks for a code', async () => {
    const { u, c } = await signedInUser();
    const wrongPassword = await c.post('/api/auth/two-factor/enable', {
      password: 'not my password',
    });
    expect(wrongPassword.status).toBe(400);
    expect((await errorOf(wrongPassword)).code).toBe('wrong_password');

    const res = await c.post('/api/auth/two-factor/enable', { password: u.password });
    expect(res.status).toBe(200);
    const { totpURI, backupCodes } = TwoFactorEnableResultSchema.parse(await res.json());
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Otakura:/);
    expect(new URL(totpURI).searchParams.get('issuer')).toBe('Otakura');
    expect(backupCodes).toHaveLength(10);
    // Not on until a code confirms it.
    expect((await c.session())?.user.twoFactorEnabled).toBe(false);

    const wrong = await c.post('/api/auth/two-factor/verify-totp', {
      code: await wrongCode(totpURI),
    });
    expect(wrong.status).toBe(401);
    expect(await errorOf(wrong)).toEqual({
      code: 'invalid_code',
      message: 'That code is not correct. Check your authenticator app and try again.',
    });
    const confirm = await c.post('/api/auth/two-factor/verify-totp', {
      code: await codeFor(totpURI),
    });
    expect(confirm.status).toBe(200);
    expect((await c.session())?.user.twoFactorEnabled).toBe(true);

    // A new sign-in: no session until the code.
    const phone = new TestClient(t);
    const signIn = await phone.signIn(u.email, u.password);
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).toMatchObject({ twoFactorRedirect: true });
    expect(await phone.session()).toBeNull();
    const bad = await phone.post('/api/auth/two-factor/verify-totp', {
      code: await wrongCode(totpURI),
    });
    expect((await errorOf(bad)).code).toBe('invalid_code');
    const malformed = await phone.post('/api/auth/two-factor/verify-totp', { code: '12ab' });
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).details).toEqual([
      { path: 'code', message: 'Please enter the 6-digit code from your authenticator app.' },
    ]);
    const ok = await phone.post('/api/auth/two-factor/verify-totp', {
      code: await codeFor(totpURI),
    });
    expect(ok.status).toBe(200);
    expect((await phone.session())?.user.email).toBe(u.email);
  });

  it('takes a backup code instead, once', async () => {
    const { u, c } = await signedInUser();
    const { backupCodes } = await enable(c, u.password);

    const first = new TestClient(t);
    await first.signIn(u.email, u.password);
    expect(
      (await first.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] }))
        .status,
    ).toBe(200);
    expect(await first.session()).not.toBeNull();

    const second = new TestClient(t);
    await second.signIn(u.email, u.password);
    const again = await second.post('/api/auth/two-factor/verify-backup-code', {
      code: backupCodes[0],
    });
    expect(again.status).toBe(401);
    expect(await errorOf(again)).toEqual({
      code: 'invalid_code',
      message: 'That backup code is not correct or has been used.',
    });
    expect(await second.session()).toBeNull();
    expect(
      (await second.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[1] }))
        .status,
    ).toBe(200);
  });

  it('stops guessing: 5 wrong codes for one sign-in, then 429', async () => {
    const { u, c } = await signedInUser();
    const { totpURI } = await enable(c, u.password);
    const attacker = new TestClient(t);
    await attacker.signIn(u.email, u.password);
    for (let i = 0; i < 5; i++) {
      const res = await attacker.post('/api/auth/two-factor/verify-totp', {
        code: await wrongCode(totpURI),
      });
      expect(res.status).toBe(401);
    }
    const res = await attacker.post('/api/auth/two-factor/verify-totp', {
      code: await codeFor(totpURI),
    });
    expect(res.status).toBe(429);
    expect((await errorOf(res)).code).toBe('rate_limited');
  });

  it('disables with the password; sign-in no longer asks for a code', async () => {
    const { u, c } = await signedInUser();
    await enable(c, u.password);
    const wrong = await c.post('/api/auth/two-factor/disable', { password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).code).toBe('wrong_password');
    expect((await c.post('/api/auth/two-factor/disable', { password: u.password })).status).toBe(
      200,
    );
    expect((await c.session())?.user.twoFactorEnabled).toBe(false);

    const later = new TestClient(t);
    const res = await later.signIn(u.email, u.password);
    expect(await res.json()).not.toHaveProperty('twoFactorRedirect');
    expect(await later.session()).not.toBeNull();
  });
});
