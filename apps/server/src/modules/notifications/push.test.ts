/**
 * Web Push: the VAPID key, subscriptions over real HTTP, and delivery to a local stand-in push
 * service that verifies the VAPID JWT and decrypts every message (test/push-stand-in.ts).
 * Nothing here leaves 127.0.0.1.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PushKeySchema, PushPayloadSchema } from '@otakura/shared';
import { createTestDatabase } from '../../test/db';
import { pushSubscriptions } from '../../db/schema';
import { buildTestApp, startTestServer, type TestApp } from '../../test/app';
import { createPost, createUser, type TestUser } from '../../test/factories';
import { startPushStandIn, type PushStandIn } from '../../test/push-stand-in';
import type { DeliveredNotification } from './notifications.service';
import {
  createPushDeliverer,
  getPushKey,
  PUSH_MAX_FAILURES,
  PUSH_TTL_SECONDS,
  pushBody,
  pushIdle,
  pushSettings,
} from './push.service';

let t: TestApp;
let push: PushStandIn;

beforeAll(async () => {
  t = await buildTestApp();
  push = await startPushStandIn();
  pushSettings(t.database).agent = push.agent;
  const key = PushKeySchema.parse(await (await (await createUser(t)).http('/api/push/key')).json());
  push.expectedPublicKey = key.publicKey ?? undefined;
});
afterAll(async () => {
  if (t) await pushIdle(t.database);
  await t?.close();
  await push?.close();
});

const subscribe = (who: TestUser, json: unknown) =>
  who.http('/api/push/subscriptions', { method: 'POST', json });
const unsubscribe = (who: TestUser, endpoint: string) =>
  who.http('/api/push/subscriptions', { method: 'DELETE', json: { endpoint } });

async function subscribed(who: TestUser) {
  const sub = push.subscription();
  expect((await subscribe(who, sub)).status).toBe(204);
  return sub;
}

async function rowOf(endpoint: string) {
  const [row] = await t.database.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint));
  return row;
}

function delivered(
  recipientId: string,
  over: Partial<DeliveredNotification> = {},
): DeliveredNotification {
  return {
    id: crypto.randomUUID(),
    recipientId,
    type: 'like',
    subtype: 'post',
    actorName: 'Rin',
    actorCount: 13,
    excerpt: 'My first figure',
    reason: null,
    link: '/post/abc',
    groupKey: 'like:post:abc',
    ...over,
  };
}

/** The deliverer of the running app's configuration (as createAppContext makes it). */
const deliverer = () => createPushDeliverer(t.config, t.database, { warn: () => {} });

describe('GET /api/push/key', () => {
  it('answers the VAPID public key (an uncompressed P-256 point) to a signed-in user; 401 signed out', async () => {
    expect((await t.http('/api/push/key')).status).toBe(401);
    const body = PushKeySchema.parse(
      await (await (await createUser(t)).http('/api/push/key')).json(),
    );
    expect(body.publicKey).toBe(push.expectedPublicKey);
    const point = Buffer.from(body.publicKey!, 'base64url');
    expect(point.length).toBe(65);
    expect(point[0]).toBe(4);
  });

  it('keeps generated keys in DATA_DIR/vapid.json (0600) and reuses them on the next start', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'otakura-vapid-'));
    try {
      const keyOf = async (app: TestApp) => {
        const who = await createUser(app);
        return PushKeySchema.parse(await (await who.http('/api/push/key')).json()).publicKey;
      };
      const first = await startTestServer(await createTestDatabase(), { DATA_DIR: dataDir });
      const firstKey = await keyOf(first);
      await first.close();
      const file = path.join(dataDir, 'vapid.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string };
      expect(stored.publicKey).toBe(firstKey);

      const second = await startTestServer(await createTestDatabase(), { DATA_DIR: dataDir });
      const secondKey = await keyOf(second);
      await second.close();
      expect(secondKey).toBe(firstKey);
      expect(firstKey).not.toBe(push.expectedPublicKey);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers null (push off) when no keys can be made in DATA_DIR', async () => {
    const config = { ...t.config, vapid: null, dataDir: '/dev/null/cannot-be-a-folder' };
    expect(await getPushKey(config)).toEqual({ publicKey: null });
  });

  it('uses VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set, and writes no file', async () => {
    const keys = webPush.generateVAPIDKeys();
    const app = await buildTestApp({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
    });
    try {
      const who = await createUser(app);
      expect(PushKeySchema.parse(await (await who.http('/api/push/key')).json())).toEqual({
        publicKey: keys.publicKey,
      });
      expect(() => statSync(path.join(app.config.dataDir, 'vapid.json'))).toThrow();
    } finally {
      await app.close();
    }
  });
});

describe('subscriptions', () => {
  it('stores a subscription (204) and moves an endpoint seen before to the user who sends it now', async () => {
    const ann = await createUser(t);
    const bob = await createUser(t);
    const sub = await subscribed(ann);
    const row = await rowOf(sub.endpoint);
    expect(row).toMatchObject({
      userId: ann.user.id,
      p256dh: sub.keys.p256dh,
      auth: sub.keys.auth,
    });

    // The same browser, now signed in as Bob, with fresh keys.
    const again = push.subscription();
    expect((await subscribe(bob, { ...again, endpoint: sub.endpoint })).status).toBe(204);
    const moved = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, sub.endpoint));
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ userId: bob.user.id, p256dh: again.keys.p256dh });
  });

  it('refuses a signed-out request (401) and a bad body (400), storing nothing', async () => {
    const sub = push.subscription();
    expect((await t.http('/api/push/subscriptions', { method: 'POST', json: sub })).status).toBe(
      401,
    );
    const ann = await createUser(t);
    const bad = await subscribe(ann, { endpoint: 'not a url', keys: sub.keys });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('validation_error');
    expect((await subscribe(ann, { endpoint: sub.endpoint })).status).toBe(400);
    expect(await rowOf(sub.endpoint)).toBeUndefined();
  });

  it("deletes only one's own subscription: another user's endpoint stays", async () => {
    const ann = await createUser(t);
    const mallory = await createUser(t);
    const sub = await subscribed(ann);
    expect((await unsubscribe(mallory, sub.endpoint)).status).toBe(204);
    expect((await rowOf(sub.endpoint))?.userId).toBe(ann.user.id);
    expect((await unsubscribe(ann, sub.endpoint)).status).toBe(204);
    expect(await rowOf(sub.endpoint)).toBeUndefined();
  });
});

describe('delivery', () => {
  it('sends the decrypted PushPayload, signed with the server key, to every subscription of the recipient only', async () => {
    const ann = await createUser(t);
    const other = await createUser(t);
    const phone = await subscribed(ann);
    const laptop = await subscribed(ann);
    const stranger = await subscribed(other);
    const before = push.received.length;

    await deliverer().deliver(delivered(ann.user.id));
    await pushIdle(t.database);

    const mine = push.received.slice(before);
    expect(mine.map((r) => r.endpoint).sort()).toEqual([phone.endpoint, laptop.endpoint].sort());
    expect(mine.some((r) => r.endpoint === stranger.endpoint)).toBe(false);
    for (const r of mine) {
      expect(PushPayloadSchema.parse(r.payload)).toEqual({
        title: t.config.productName,
        body: 'Rin and 12 others liked your post.',
        link: '/post/abc',
        tag: 'like:post:abc',
      });
      expect(r.ttl).toBe(PUSH_TTL_SECONDS);
      expect(r.vapidPublicKey).toBe(push.expectedPublicKey);
      expect(r.claims.sub).toBe(t.config.vapidSubject);
    }
    expect((await rowOf(phone.endpoint))?.lastSuccessAt).toBeInstanceOf(Date);
    expect(push.rejected.filter((r) => r.endpoint === phone.endpoint)).toEqual([]);
  });

  it('drops a subscription the push service says is gone (410) and keeps the others', async () => {
    const ann = await createUser(t);
    const gone = await subscribed(ann);
    const alive = await subscribed(ann);
    push.failWith(gone.endpoint, 410);
    const before = push.received.length;

    await deliverer().deliver(delivered(ann.user.id, { type: 'follow', subtype: null }));
    await pushIdle(t.database);

    expect(await rowOf(gone.endpoint)).toBeUndefined();
    expect(await rowOf(alive.endpoint)).toBeDefined();
    expect(push.received.slice(before).map((r) => r.endpoint)).toEqual([alive.endpoint]);
  });

  it('counts other failures, resets the count on a success, and drops the subscription after 5 in a row', async () => {
    const ann = await createUser(t);
    const sub = await subscribed(ann);
    const row = await rowOf(sub.endpoint);
    await t.database.db
      .update(pushSubscriptions)
      .set({ failureCount: 3 })
      .where(eq(pushSubscriptions.id, row!.id));
    await deliverer().deliver(delivered(ann.user.id));
    await pushIdle(t.database);
    expect((await rowOf(sub.endpoint))?.failureCount).toBe(0);

    push.failWith(sub.endpoint, 500);
    for (let i = 1; i < PUSH_MAX_FAILURES; i++) {
      await deliverer().deliver(delivered(ann.user.id));
      await pushIdle(t.database);
      expect((await rowOf(sub.endpoint))?.failureCount).toBe(i);
    }
    await deliverer().deliver(delivered(ann.user.id));
    await pushIdle(t.database);
    expect(await rowOf(sub.endpoint)).toBeUndefined();
  });

  it('is checked by the stand-in: a push signed with another VAPID key is refused and counted as a failure', async () => {
    const ann = await createUser(t);
    const sub = await subscribed(ann);
    const forged = createPushDeliverer(
      { ...t.config, vapid: webPush.generateVAPIDKeys() },
      t.database,
      { warn: () => {} },
    );
    await forged.deliver(delivered(ann.user.id));
    await pushIdle(t.database);
    expect(push.received.some((r) => r.endpoint === sub.endpoint)).toBe(false);
    expect(push.rejected.filter((r) => r.endpoint === sub.endpoint)).toEqual([
      { endpoint: sub.endpoint, reason: 'signed with another VAPID key' },
    ]);
    expect((await rowOf(sub.endpoint))?.failureCount).toBe(1);
  });

  it('never fails the caller: a recipient without subscriptions and an unreachable service are fine', async () => {
    const ann = await createUser(t);
    await expect(deliverer().deliver(delivered(ann.user.id))).resolves.toBeUndefined();
    // The send runs in the background; let it read the (empty) subscriptions before one is
    // added, or it may see the new row and count a second failure.
    await pushIdle(t.database);
    await t.database.db.insert(pushSubscriptions).values({
      userId: ann.user.id,
      // Nothing listens on port 9 of loopback (discard); the loopback agent goes nowhere else.
      endpoint: 'https://127.0.0.1:9/push/nobody',
      p256dh: push.subscription().keys.p256dh,
      auth: 'c29tZSBzZWNyZXQ',
    });
    await expect(deliverer().deliver(delivered(ann.user.id))).resolves.toBeUndefined();
    await pushIdle(t.database);
    expect((await rowOf('https://127.0.0.1:9/push/nobody'))?.failureCount).toBe(1);
  });
});

describe('through the notifier', () => {
  it('a new like of a post pushes "X liked your post", and a like with likes switched off pushes nothing', async () => {
    const ann = await createUser(t);
    const rin = await createUser(t, { name: 'Rin' });
    const kai = await createUser(t, { name: 'Kai' });
    const post = await createPost(t, { userId: ann.user.id, title: 'My shelf' });
    const sub = await subscribed(ann);
    const like = (actorId: string) =>
      t.ctx.notifier.notify({
        recipientId: ann.user.id,
        type: 'like',
        subtype: 'post',
        actorId,
        groupKey: `like:post:${post.id}`,
        targetType: 'post',
        targetId: post.id,
        link: `/post/${post.id}`,
        excerpt: post.title,
      });

    await like(rin.user.id);
    await pushIdle(t.database);
    const first = push.received.filter((r) => r.endpoint === sub.endpoint);
    expect(first.map((r) => r.payload)).toEqual([
      {
        title: t.config.productName,
        body: 'Rin liked your post.',
        link: `/post/${post.id}`,
        tag: `like:post:${post.id}`,
      },
    ]);

    const off = await ann.http('/api/me/settings', {
      method: 'PATCH',
      json: { notifications: { likes: false } },
    });
    expect(off.status).toBe(200);
    await like(kai.user.id);
    // A follow is still on: once its push arrives, anything the like would have sent has too.
    await t.ctx.notifier.notify({
      recipientId: ann.user.id,
      type: 'follow',
      actorId: kai.user.id,
      groupKey: 'follow',
      targetType: 'user',
      targetId: kai.user.id,
      link: `/user/${kai.user.id}`,
    });
    await pushIdle(t.database);
    const all = push.received.filter((r) => r.endpoint === sub.endpoint);
    expect(all.map((r) => PushPayloadSchema.parse(r.payload).body)).toEqual([
      'Rin liked your post.',
      'Kai started following you.',
    ]);
  });
});

describe('pushBody', () => {
  const n = (over: Partial<DeliveredNotification>) => delivered('u', over);
  it('words every kind of notification as a plain sentence', () => {
    expect(pushBody(n({ actorCount: 1 }))).toBe('Rin liked your post.');
    expect(pushBody(n({ actorCount: 2, subtype: 'comment' }))).toBe(
      'Rin and 1 other liked your comment.',
    );
    expect(pushBody(n({ type: 'comment', subtype: null, actorCount: 1, excerpt: 'So good' }))).toBe(
      'Rin commented on your post: “So good”',
    );
    expect(pushBody(n({ type: 'reply', subtype: null, actorCount: 1, excerpt: null }))).toBe(
      'Rin replied to your comment.',
    );
    expect(pushBody(n({ type: 'follow', subtype: null, actorCount: 4 }))).toBe(
      'Rin and 3 others started following you.',
    );
    expect(
      pushBody(
        n({ type: 'moderation', subtype: 'content_removed', actorName: null, reason: 'Spam' }),
      ),
    ).toBe('A moderator removed your content. Reason: Spam');
    expect(pushBody(n({ type: 'order', subtype: 'shipped', excerpt: '#A1B2' }))).toBe(
      'Your order #A1B2 has shipped.',
    );
  });
});
