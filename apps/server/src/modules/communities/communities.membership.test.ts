import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommunitySchema, MembershipStateSchema, type LiveEvent } from '@otakura/shared';
import { queryRows } from '../../db/client';
import { communities, communityMembers } from '../../db/schema';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../test/app';
import {
  counterMismatches,
  createCommunity,
  createPost,
  createUser,
  type TestUser,
} from '../../test/factories';
import { expectError } from './communities.test-helpers';

let t: TestApp;
let events: LiveEvent[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  t.ctx.live.subscribe((e) => events.push(e));
});
afterAll(async () => {
  await t?.close();
});

const follow = (who: TestUser, id: string) =>
  who.http(`/api/communities/${id}/membership`, { method: 'PUT' });
const unfollow = (who: TestUser, id: string) =>
  who.http(`/api/communities/${id}/membership`, { method: 'DELETE' });

async function memberRows(communityId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from ${communityMembers} where ${communityMembers.communityId} = ${communityId}`,
  );
  return row!.n;
}

async function memberCount(communityId: string): Promise<number> {
  const [row] = await t.database.db
    .select()
    .from(communities)
    .where(eq(communities.id, communityId));
  return row!.memberCount;
}

async function getCommunity(who: TestUser, id: string) {
  const res = await who.http(`/api/communities/${id}`);
  expect(res.status).toBe(200);
  return CommunitySchema.parse(await res.json());
}

describe('GET /api/communities/:communityId', () => {
  it('answers the community with its counts and isMember for the viewer', async () => {
    const viewer = await createUser(t);
    const c = await createCommunity(t, { name: 'Shows Community', about: 'All about it' });
    await createPost(t, { userId: viewer.user.id, communityId: c.id });
    expect(await getCommunity(viewer, c.id)).toEqual({
      id: c.id,
      name: 'Shows Community',
      about: 'All about it',
      imageUrl: null,
      thumbnailUrl: null,
      memberCount: 0,
      postCount: 1,
      isMember: false,
      createdAt: c.createdAt.toISOString(),
      // Not a series' own community (issue 12).
      series: null,
    });
  });

  it('answers 404 community_not_found for unknown and malformed ids, 401 when signed out', async () => {
    const viewer = await createUser(t);
    for (const id of [newId(), 'nope', '1', `${newId()}x`]) {
      await expectError(await viewer.http(`/api/communities/${id}`), 404, 'community_not_found');
    }
    await expectError(await t.http(`/api/communities/${newId()}`), 401, 'unauthorized');
  });
});

describe('PUT/DELETE /api/communities/:communityId/membership', () => {
  it('follows and unfollows idempotently: twice is once, counts equal rows, isMember follows', async () => {
    const a = await createUser(t);
    const c = await createCommunity(t);

    for (let i = 0; i < 2; i++) {
      const res = await follow(a, c.id);
      expect(res.status).toBe(200);
      expect(MembershipStateSchema.parse(await res.json())).toEqual({
        isMember: true,
        memberCount: 1,
      });
    }
    expect(await memberRows(c.id)).toBe(1);
    expect(await getCommunity(a, c.id)).toMatchObject({ isMember: true, memberCount: 1 });

    for (let i = 0; i < 2; i++) {
      expect(await (await unfollow(a, c.id)).json()).toEqual({ isMember: false, memberCount: 0 });
    }
    expect(await memberRows(c.id)).toBe(0);
    expect(await memberCount(c.id)).toBe(0);
    expect(await getCommunity(a, c.id)).toMatchObject({ isMember: false, memberCount: 0 });
    expect(await counterMismatches(t)).toEqual([]);
  });

  it('keeps counts equal to rows under 20 concurrent follows, then 20 concurrent unfollows (a real race on PostgreSQL; serialised on PGlite)', async () => {
    const c = await createCommunity(t);
    const people = await Promise.all(Array.from({ length: 20 }, () => createUser(t)));

    const followed = await Promise.all(people.map((p) => follow(p, c.id)));
    expect(followed.map((r) => r.status)).toEqual(Array(20).fill(200));
    const counts = await Promise.all(
      followed.map(async (r) => MembershipStateSchema.parse(await r.json()).memberCount),
    );
    // Each answer is the count right after its own insert: 1..20, each once.
    expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await memberRows(c.id)).toBe(20);
    expect(await memberCount(c.id)).toBe(20);

    // Half of them again, concurrently with the other half leaving.
    const mixed = await Promise.all(
      people.map((p, i) => (i % 2 ? follow(p, c.id) : unfollow(p, c.id))),
    );
    expect(mixed.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await memberRows(c.id)).toBe(10);
    expect(await memberCount(c.id)).toBe(10);

    await Promise.all(people.map((p) => unfollow(p, c.id)));
    expect(await memberRows(c.id)).toBe(0);
    expect(await memberCount(c.id)).toBe(0);
    expect(await counterMismatches(t)).toEqual([]);
  });

  it('counts one member when the same user sends 20 follows at once, and none after 20 unfollows at once (a real race on PostgreSQL; serialised on PGlite)', async () => {
    const a = await createUser(t);
    const c = await createCommunity(t);
    const put = await Promise.all(Array.from({ length: 20 }, () => follow(a, c.id)));
    expect(put.map((r) => r.status)).toEqual(Array(20).fill(200));
    for (const r of put) expect(await r.json()).toEqual({ isMember: true, memberCount: 1 });
    expect(await memberRows(c.id)).toBe(1);
    expect(await memberCount(c.id)).toBe(1);

    const del = await Promise.all(Array.from({ length: 20 }, () => unfollow(a, c.id)));
    for (const r of del) expect(await r.json()).toEqual({ isMember: false, memberCount: 0 });
    expect(await memberCount(c.id)).toBe(0);

    // Follows and unfollows of one user interleaved: whatever the last one, counts equal rows.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? follow(a, c.id) : unfollow(a, c.id))),
    );
    expect(await memberCount(c.id)).toBe(await memberRows(c.id));
    expect(await counterMismatches(t)).toEqual([]);
  });

  it('answers 404 community_not_found for unknown and malformed ids, and writes nothing', async () => {
    const a = await createUser(t);
    for (const id of [newId(), 'nope']) {
      await expectError(await follow(a, id), 404, 'community_not_found');
      await expectError(await unfollow(a, id), 404, 'community_not_found');
    }
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ${communityMembers} where ${communityMembers.userId} = ${a.user.id}`,
    );
    expect(row!.n).toBe(0);
  });

  it('needs a signed-in user and a browser Origin', async () => {
    const c = await createCommunity(t);
    await expectError(
      await t.http(`/api/communities/${c.id}/membership`, { method: 'PUT' }),
      401,
      'unauthorized',
    );
    const a = await createUser(t);
    const foreign = await a.http(`/api/communities/${c.id}/membership`, {
      method: 'PUT',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(await memberRows(c.id)).toBe(0);
  });

  it('publishes community.members with the new count after each real change only', async () => {
    const a = await createUser(t);
    const c = await createCommunity(t);
    events = [];
    await follow(a, c.id);
    await follow(a, c.id);
    await unfollow(a, c.id);
    await unfollow(a, c.id);
    expect(events.filter((e) => e.type === 'community.members')).toEqual([
      { type: 'community.members', topic: `community:${c.id}`, communityId: c.id, memberCount: 1 },
      { type: 'community.members', topic: `community:${c.id}`, communityId: c.id, memberCount: 0 },
    ]);
  });

  it("makes the community's posts appear in the Following feed at once, and leave it on unfollow", async () => {
    const author = await createUser(t);
    const reader = await createUser(t);
    const c = await createCommunity(t);
    const post = await createPost(t, { userId: author.user.id, communityId: c.id });
    const followingFeed = async () => {
      const res = await reader.http('/api/feed?tab=following');
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await res.json()) as { items: { id: string }[] }).items.map((p) => p.id);
    };
    expect(await followingFeed()).not.toContain(post.id);
    await follow(reader, c.id);
    expect(await followingFeed()).toContain(post.id);
    await unfollow(reader, c.id);
    expect(await followingFeed()).not.toContain(post.id);
  });

  it('copies nothing: following a community with many posts writes one row', async () => {
    const author = await createUser(t);
    const c = await createCommunity(t);
    for (let i = 0; i < 30; i++) await createPost(t, { userId: author.user.id, communityId: c.id });
    const before = await tableSizes();
    const a = await createUser(t);
    const after0 = await tableSizes();
    await follow(a, c.id);
    const after = await tableSizes();
    const grew = Object.keys(after).filter((k) => after[k] !== after0[k]);
    expect(grew).toEqual(['community_members']);
    expect(after.community_members! - after0.community_members!).toBe(1);
    expect(before.posts).toBe(after.posts);
  });
});

/** Row counts of every table of the public schema. */
async function tableSizes(): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    t.database.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ${sql.identifier(name)}`,
    );
    out[name] = row!.n;
  }
  return out;
}
