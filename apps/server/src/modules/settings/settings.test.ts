import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema, BlockedUserPageSchema, SettingsSchema } from '@otakura/shared';
import { buildTestApp, type TestApp } from '../../test/app';
import {
  counterMismatches,
  createUser,
  followUser,
  reloadUser,
  withCookie,
} from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('settings', () => {
  it('answers defaults for a user who never changed anything', async () => {
    const u = await createUser(t);
    const res = await u.http('/api/me/settings');
    expect(res.status).toBe(200);
    expect(SettingsSchema.parse(await res.json())).toEqual({
      defaultSort: 'new',
      language: 'auto',
      notifications: { comments: true, replies: true, likes: true, follows: true, email: false },
      dmPolicy: 'everyone',
      nsfwOptIn: false,
      canOptInNsfw: false,
      ratingPromptSeen: false,
      blurUnwatchedThumbnails: false,
      showOwnedVolumes: false,
    });
  });

  it('stores sort, language, notifications and message policy per user', async () => {
    const u = await createUser(t);
    const res = await u.http('/api/me/settings', {
      method: 'PATCH',
      json: {
        defaultSort: 'top',
        language: 'ja',
        notifications: { likes: false },
        dmPolicy: 'nobody',
      },
    });
    expect(res.status).toBe(200);
    const again = SettingsSchema.parse(await (await u.http('/api/me/settings')).json());
    expect(again).toMatchObject({ defaultSort: 'top', language: 'ja', dmPolicy: 'nobody' });
    expect(again.notifications).toEqual({
      comments: true,
      replies: true,
      likes: false,
      follows: true,
      email: false,
    });
  });

  it('refuses unknown values and unknown keys, changing nothing', async () => {
    const u = await createUser(t);
    for (const json of [
      { defaultSort: 'oldest' },
      { dmPolicy: 'friends' },
      { language: 'fr' },
      { theme: 'dark' },
    ]) {
      const res = await u.http('/api/me/settings', { method: 'PATCH', json });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    expect(SettingsSchema.parse(await (await u.http('/api/me/settings')).json()).defaultSort).toBe(
      'new',
    );
  });

  it('lets only adults by birthday opt in to NSFW content', async () => {
    const minor = await createUser(t, { birthDate: `${new Date().getUTCFullYear() - 16}-01-01` });
    const noBirthday = await createUser(t);
    for (const u of [minor, noBirthday]) {
      const res = await u.http('/api/me/settings', { method: 'PATCH', json: { nsfwOptIn: true } });
      expect(res.status).toBe(403);
      expect(ApiErrorBodySchema.parse(await res.json()).error.code).toBe('nsfw_requires_adult');
      expect((await reloadUser(t, u.user.id)).nsfwOptIn).toBe(false);
    }
    const adult = await createUser(t, { birthDate: '1990-05-23', birthday: 'May 23, 1990' });
    const res = await adult.http('/api/me/settings', {
      method: 'PATCH',
      json: { nsfwOptIn: true },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ nsfwOptIn: true, canOptInNsfw: true });
  });

  it('needs a session', async () => {
    expect((await t.http('/api/me/settings')).status).toBe(401);
    expect(
      (await t.http('/api/me/settings', { method: 'PATCH', json: { defaultSort: 'top' } })).status,
    ).toBe(401);
  });
});

describe('blocking users', () => {
  it('blocks idempotently, ends follows both ways with exact counters, and lists the blocked', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    await followUser(t, a.user.id, b.user.id);
    await followUser(t, b.user.id, a.user.id);

    for (let i = 0; i < 2; i++) {
      const res = await a.http(`/api/users/${b.user.id}/block`, { method: 'PUT' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ blocked: true });
    }
    const [ra, rb] = [await reloadUser(t, a.user.id), await reloadUser(t, b.user.id)];
    expect([ra.followerCount, ra.followingCount, rb.followerCount, rb.followingCount]).toEqual([
      0, 0, 0, 0,
    ]);
    expect(await counterMismatches(t)).toEqual([]);

    const list = BlockedUserPageSchema.parse(await (await a.http('/api/me/blocks')).json());
    expect(list.items.map((u) => u.id)).toEqual([b.user.id]);
  });

  it('stops a blocked user from following the blocker, and the blocker from following them', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    await a.http(`/api/users/${b.user.id}/block`, { method: 'PUT' });
    const res = await b.http(`/api/users/${a.user.id}/follow`, { method: 'PUT' });
    expect(res.status).toBe(403);
    expect(ApiErrorBodySchema.parse(await res.json()).error.code).toBe('blocked');
    expect((await a.http(`/api/users/${b.user.id}/follow`, { method: 'PUT' })).status).toBe(403);
    expect((await reloadUser(t, a.user.id)).followerCount).toBe(0);
  });

  it('unblocks', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    await a.http(`/api/users/${b.user.id}/block`, { method: 'PUT' });
    const res = await a.http(`/api/users/${b.user.id}/block`, { method: 'DELETE' });
    expect(await res.json()).toEqual({ blocked: false });
    const list = BlockedUserPageSchema.parse(await (await a.http('/api/me/blocks')).json());
    expect(list.items).toEqual([]);
    expect((await b.http(`/api/users/${a.user.id}/follow`, { method: 'PUT' })).status).toBe(200);
  });

  it('tells whether I blocked a user (GET), and only me', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const state = async (who: typeof a, id: string) => {
      const res = await who.http(`/api/users/${id}/block`);
      return { status: res.status, body: (await res.json()) as unknown };
    };
    expect(await state(a, b.user.id)).toEqual({ status: 200, body: { blocked: false } });
    await a.http(`/api/users/${b.user.id}/block`, { method: 'PUT' });
    expect(await state(a, b.user.id)).toEqual({ status: 200, body: { blocked: true } });
    // The blocked user is not told.
    expect(await state(b, a.user.id)).toEqual({ status: 200, body: { blocked: false } });
    await a.http(`/api/users/${b.user.id}/block`, { method: 'DELETE' });
    expect(await state(a, b.user.id)).toEqual({ status: 200, body: { blocked: false } });
    for (const id of ['00000000-0000-7000-8000-000000000999', 'not-an-id'])
      expect((await state(a, id)).status).toBe(404);
    expect((await withCookie(t, '')(`/api/users/${b.user.id}/block`)).status).toBe(401);
  });

  it('refuses blocking yourself or an unknown user', async () => {
    const a = await createUser(t);
    expect((await a.http(`/api/users/${a.user.id}/block`, { method: 'PUT' })).status).toBe(400);
    expect(
      (await a.http('/api/users/00000000-0000-7000-8000-000000000999/block', { method: 'PUT' }))
        .status,
    ).toBe(404);
    expect((await a.http('/api/users/not-an-id/block', { method: 'PUT' })).status).toBe(404);
  });

  it('refuses a cross-site block', async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    const res = await a.http(`/api/users/${b.user.id}/block`, {
      method: 'PUT',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(ApiErrorBodySchema.parse(await res.json()).error.code).toBe('invalid_origin');
  });
});
