import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FollowStateSchema, SYSTEM_USER_ID, UserPageSchema, type UserPage } from '@otakura/shared';
import { queryRows } from '../../db/client';
import { userFollows } from '../../db/schema';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../test/app';
import { expectCursorRefused } from '../../test/expect-error';
import {
  counterMismatches,
  createUser,
  followUser,
  reloadUser,
  type TestUser,
} from '../../test/factories';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function expectError(res: Response, status: number, code: string): Promise<void> {
  const body = (await res.json()) as { error: { code: string } };
  expect({ status: res.status, code: body.error?.code }).toEqual({ status, code });
}

const follow = (who: TestUser, id: string) =>
  who.http(`/api/users/${id}/follow`, { method: 'PUT' });
const unfollow = (who: TestUser, id: string) =>
  who.http(`/api/users/${id}/follow`, { method: 'DELETE' });

async function followRows(followeeId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from ${userFollows} where ${userFollows.followeeId} = ${followeeId}`,
  );
  return row!.n;
}

describe('PUT/DELETE /api/users/:userId/follow', () => {
  it('follows and unfollows, moving both counters, idempotently', async () => {
    const a = await createUser(t);
    const b = await createUser(t);

    const first = await follow(a, b.user.id);
    expect(first.status).toBe(200);
    expect(FollowStateSchema.parse(await first.json())).toEqual({
      following: true,
      followerCount: 1,
    });
    // Twice is once.
    expect(await (await follow(a, b.user.id)).json()).toEqual({
      following: true,
      followerCount: 1,
    });
    expect((await reloadUser(t, a.user.id)).followingCount).toBe(1);
    expect((await reloadUser(t, b.user.id)).followerCount).toBe(1);

    const profile = (await (await a.http(`/api/users/${b.user.id}`)).json()) as {
      isFollowing: boolean;
      followerCount: number;
    };
    expect(profile).toMatchObject({ isFollowing: true, followerCount: 1 });

    expect(await (await unfollow(a, b.user.id)).json()).toEqual({
      following: false,
      followerCount: 0,
    });
    expect(await (await unfollow(a, b.user.id)).json()).toEqual({
      following: false,
      followerCount: 0,
    });
    expect((await reloadUser(t, a.user.id)).followingCount).toBe(0);
    expect((await reloadUser(t, b.user.id)).followerCount).toBe(0);
    expect(await counterMismatches(t)).toEqual([]);
  });

  it('refuses following yourself with 400 cannot_follow_self', async () => {
    const a = await createUser(t);
    await expectError(await follow(a, a.user.id), 400, 'cannot_follow_self');
    await expectError(await unfollow(a, a.user.id), 400, 'cannot_follow_self');
    expect((await reloadUser(t, a.user.id)).followerCount).toBe(0);
  });

  it('answers 404 user_not_found for unknown, malformed, system and banned users', async () => {
    const a = await createUser(t);
    const banned = await createUser(t, { banned: true, signIn: false });
    for (const id of [newId(), 'nope', SYSTEM_USER_ID, banned.user.id]) {
      await expectError(await follow(a, id), 404, 'user_not_found');
    }
    for (const id of [newId(), 'nope', SYSTEM_USER_ID]) {
      await expectError(await unfollow(a, id), 404, 'user_not_found');
    }
    expect((await reloadUser(t, a.user.id)).followingCount).toBe(0);
  });

  it('lets people unfollow a user who was banned since', async () => {
    const a = await createUser(t);
    const b = await createUser(t, { signIn: false });
    await followUser(t, a.user.id, b.user.id);
    await t.database.db.execute(sql`update users set banned = true where id = ${b.user.id}`);
    expect(await (await unfollow(a, b.user.id)).json()).toEqual({
      following: false,
      followerCount: 0,
    });
    expect(await counterMismatches(t)).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    const b = await createUser(t, { signIn: false });
    await expectError(
      await t.http(`/api/users/${b.user.id}/follow`, { method: 'PUT' }),
      401,
      'unauthorized',
    );
    await expectError(
      await t.http(`/api/users/${b.user.id}/follow`, { method: 'DELETE' }),
      401,
      'unauthorized',
    );
  });

  it('keeps counts equal to rows under 20 parallel follow/unfollow requests (a real race on PostgreSQL; serialised on PGlite)', async () => {
    const target = await createUser(t);
    const a = await createUser(t);
    // One user toggling: 20 requests at once, half follow, half unfollow.
    const toggles = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0 ? follow(a, target.user.id) : unfollow(a, target.user.id),
      ),
    );
    expect(toggles.map((r) => r.status)).toEqual(Array(20).fill(200));
    const rows = await followRows(target.user.id);
    expect((await reloadUser(t, target.user.id)).followerCount).toBe(rows);
    expect((await reloadUser(t, a.user.id)).followingCount).toBe(rows);

    // 20 users following at once, each twice, and the target following them back at the same time.
    const fans = await Promise.all(Array.from({ length: 20 }, () => createUser(t)));
    const results = await Promise.all([
      ...fans.flatMap((f) => [follow(f, target.user.id), follow(f, target.user.id)]),
      ...fans.map((f) => follow(target, f.user.id)),
    ]);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await followRows(target.user.id)).toBe(20 + rows);
    expect((await reloadUser(t, target.user.id)).followerCount).toBe(20 + rows);
    expect((await reloadUser(t, target.user.id)).followingCount).toBe(20);

    // And all of them unfollowing at once, twice each.
    await Promise.all(
      fans.flatMap((f) => [unfollow(f, target.user.id), unfollow(f, target.user.id)]),
    );
    expect((await reloadUser(t, target.user.id)).followerCount).toBe(rows);
    expect(await counterMismatches(t)).toEqual([]);
  });
});

describe('GET /api/users/:userId/followers and /following', () => {
  let star: TestUser;
  let fans: TestUser[];

  beforeAll(async () => {
    star = await createUser(t);
    fans = [];
    for (let i = 0; i < 5; i++) fans.push(await createUser(t, { signIn: false }));
    for (const f of fans) await followUser(t, f.user.id, star.user.id);
    // Two follows in the very same microsecond: the id breaks the tie.
    const same = new Date('2030-01-01T00:00:00.000Z');
    await t.database.db
      .update(userFollows)
      .set({ createdAt: same })
      .where(
        and(
          eq(userFollows.followeeId, star.user.id),
          sql`${userFollows.followerId} in (${fans[1]!.user.id}, ${fans[2]!.user.id})`,
        ),
      );
  });

  async function allPages(path: string, limit: number): Promise<UserPage['items'][]> {
    const pages: UserPage['items'][] = [];
    let cursor: string | null = null;
    do {
      const res = await star.http(
        `${path}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.status).toBe(200);
      const page = UserPageSchema.parse(await res.json());
      pages.push(page.items);
      cursor = page.nextCursor;
    } while (cursor && pages.length < 20);
    return pages;
  }

  it('pages through every follower exactly once, newest follow first', async () => {
    const pages = await allPages(`/api/users/${star.user.id}/followers`, 2);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    const ids = pages.flat().map((u) => u.id);
    expect(new Set(ids).size).toBe(5);
    expect(ids.slice(0, 2).sort()).toEqual([fans[1]!.user.id, fans[2]!.user.id].sort());
    expect(ids.slice(2)).toEqual([fans[4]!.user.id, fans[3]!.user.id, fans[0]!.user.id]);
    expect(pages[0]![0]).toEqual({
      id: ids[0],
      username: fans.find((f) => f.user.id === ids[0])!.user.displayUsername,
      name: 'Test User',
      avatarUrl: null,
    });
  });

  it('lists whom a user follows', async () => {
    const res = await star.http(`/api/users/${fans[0]!.user.id}/following`);
    const page = UserPageSchema.parse(await res.json());
    expect(page).toEqual({
      items: [expect.objectContaining({ id: star.user.id })],
      nextCursor: null,
    });
  });

  it('refuses a forged cursor and a bad limit, and 404s an unknown user', async () => {
    const base = `/api/users/${star.user.id}/followers`;
    await expectCursorRefused(await star.http(`${base}?cursor=bogus`));
    await expectError(await star.http(`${base}?limit=0`), 400, 'validation_error');
    await expectError(await star.http(`${base}?limit=1000`), 400, 'validation_error');
    await expectError(await star.http(`/api/users/${newId()}/followers`), 404, 'user_not_found');
    await expectError(
      await star.http(`/api/users/${SYSTEM_USER_ID}/following`),
      404,
      'user_not_found',
    );
    await expectError(await t.http(base), 401, 'unauthorized');
  });
});
