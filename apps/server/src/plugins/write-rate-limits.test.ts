import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema, tooManyAttemptsMessage } from '@otakura/shared';
import { buildTestApp, type TestApp } from '../test/app';
import { createCommunity, createShopItem, createUser, type TestUser } from '../test/factories';
import { writeLimitSettings, type WriteLimitBucket } from './write-rate-limits';

let t: TestApp;
let community: string;

beforeAll(async () => {
  t = await buildTestApp();
  community = (await createCommunity(t)).id;
  // Low limits, so a test reaches them in a few requests (the real ones are generous).
  for (const rule of Object.values(writeLimitSettings(t.ctx))) rule.max = 2;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function expectLimited(res: Response, bucket: WriteLimitBucket) {
  const text = await res.text();
  expect(res.status, text).toBe(429);
  const { error } = ApiErrorBodySchema.parse(JSON.parse(text));
  expect(error.code).toBe('rate_limited');
  expect(error.retryAfter).toBeGreaterThan(0);
  expect(error.retryAfter).toBeLessThanOrEqual(writeLimitSettings(t.ctx)[bucket].windowSec);
  expect(error.message).toBe(tooManyAttemptsMessage(error.retryAfter!));
  expect(Number(res.headers.get('retry-after'))).toBe(error.retryAfter);
}

/** Sends `max` requests that must pass, then one that must be refused. */
async function pastTheLimit(
  bucket: WriteLimitBucket,
  send: (i: number) => Promise<Response>,
): Promise<void> {
  const max = writeLimitSettings(t.ctx)[bucket].max;
  for (let i = 0; i < max; i++) {
    const res = await send(i);
    expect(res.status, await res.clone().text()).toBeLessThan(300);
  }
  await expectLimited(await send(max), bucket);
}

describe('rate limits on writes (one table, per user)', () => {
  it('limits creating posts', async () => {
    const u = await createUser(t);
    await pastTheLimit('createPost', (i) =>
      u.http('/api/posts', {
        method: 'POST',
        json: { title: `Post ${i}`, communityId: community },
      }),
    );
    // Another user is not affected.
    const other = await createUser(t);
    const res = await other.http('/api/posts', {
      method: 'POST',
      json: { title: 'Mine', communityId: community },
    });
    expect(res.status).toBe(201);
  });

  it('does not count a body the route refuses', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 5; i++) {
      const bad = await u.http('/api/posts', { method: 'POST', json: { title: '' } });
      expect(bad.status).toBe(400);
    }
    const ok = await u.http('/api/posts', {
      method: 'POST',
      json: { title: 'Fine', communityId: community },
    });
    expect(ok.status).toBe(201);
  });

  it('limits following and unfollowing users together', async () => {
    const u = await createUser(t);
    const target = await createUser(t);
    await pastTheLimit('followUser', (i) =>
      u.http(`/api/users/${target.user.id}/follow`, { method: i % 2 ? 'DELETE' : 'PUT' }),
    );
  });

  it('limits joining and leaving communities together', async () => {
    const u = await createUser(t);
    await pastTheLimit('communityMembership', (i) =>
      u.http(`/api/communities/${community}/membership`, { method: i % 2 ? 'DELETE' : 'PUT' }),
    );
  });

  it('limits starting checkouts and test payments together', async () => {
    const u = await createUser(t);
    const seller = await createUser(t);
    const item = await createShopItem(t, {
      sellerId: seller.user.id,
      quantity: 50,
      priceCents: 500,
    });
    await pastTheLimit('checkout', () =>
      u.http('/api/checkout', {
        method: 'POST',
        json: { lines: [{ itemId: item.id, quantity: 1 }] },
      }),
    );
    // A test payment shares the bucket: refused before its session is even looked up.
    const pay = await u.http('/api/checkout/test/test_cs_unknown/pay', {
      method: 'POST',
      json: { cardNumber: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123', name: 'A' },
    });
    await expectLimited(pay, 'checkout');
  });

  it('limits renaming through the account form and through Better Auth alike', async () => {
    const u: TestUser = await createUser(t);
    await pastTheLimit('rename', (i) =>
      i % 2
        ? u.http('/api/auth/update-user', { method: 'POST', json: { name: `Name ${i}` } })
        : u.http('/api/me/account', { method: 'PATCH', json: { name: `Name ${i}` } }),
    );
  });

  it('leaves a signed-out request to the route (401, nothing counted)', async () => {
    const res = await t.http('/api/posts', {
      method: 'POST',
      json: { title: 'x', communityId: community },
    });
    expect(res.status).toBe(401);
  });
});
