import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SuggestedCommunitiesSchema } from '@otakura/shared';
import { queryRows } from '../../db/client';
import { buildTestApp, type TestApp } from '../../test/app';
import {
  counterMismatches,
  createCommunity,
  createUser,
  joinCommunity,
  type TestUser,
} from '../../test/factories';
import { expectError } from './communities.test-helpers';
import { suggestedCommunitiesSql } from './communities.suggestions';

let t: TestApp;
let viewer: TestUser;
/** Eight communities, `ranked[i]` with 8 - i members (the viewer not among them yet). */
const ranked: { id: string; name: string }[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  viewer = await createUser(t);
  const members = await Promise.all(Array.from({ length: 8 }, () => createUser(t)));
  for (let i = 0; i < 8; i++) {
    const c = await createCommunity(t, { name: `Suggested ${String.fromCharCode(72 - i)}` });
    ranked.push({ id: c.id, name: c.name });
    for (const m of members.slice(0, 8 - i)) await joinCommunity(t, m.user.id, c.id);
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function suggested(who: TestUser, query = '') {
  const res = await who.http(`/api/communities/suggested${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return SuggestedCommunitiesSchema.parse(await res.json());
}

describe('GET /api/communities/suggested', () => {
  it('lists 6 communities, the most members first, with their counts and pictures', async () => {
    const { items } = await suggested(viewer);
    expect(items.map((c) => c.name)).toEqual(ranked.slice(0, 6).map((c) => c.name));
    expect(items.map((c) => c.memberCount)).toEqual([8, 7, 6, 5, 4, 3]);
    expect(items.every((c) => c.isMember === false)).toBe(true);
    expect(items[0]).toEqual({
      id: ranked[0]!.id,
      name: ranked[0]!.name,
      imageUrl: null,
      thumbnailUrl: null,
      memberCount: 8,
      isMember: false,
    });
  });

  it('leaves out the communities the user follows, and takes a limit', async () => {
    const fan = await createUser(t);
    await joinCommunity(t, fan.user.id, ranked[0]!.id);
    await joinCommunity(t, fan.user.id, ranked[2]!.id);
    const { items } = await suggested(fan, '?limit=3');
    // ranked[0] now has 9 members but is followed; the rest keep their order.
    expect(items.map((c) => c.id)).toEqual([ranked[1]!.id, ranked[3]!.id, ranked[4]!.id]);
    // Following through the API takes it off the list at once.
    const follow = await fan.http(`/api/communities/${ranked[1]!.id}/membership`, {
      method: 'PUT',
    });
    expect(follow.status).toBe(200);
    const after = await suggested(fan, '?limit=3');
    expect(after.items.map((c) => c.id)).toEqual([ranked[3]!.id, ranked[4]!.id, ranked[5]!.id]);
    expect(await counterMismatches(t)).toEqual([]);
  });

  it('answers an empty list when the user follows everything', async () => {
    const all = await createUser(t);
    const rows = await queryRows<{ id: string }>(t.database.db, sql`select id from communities`);
    for (const r of rows) await joinCommunity(t, all.user.id, r.id);
    expect((await suggested(all)).items).toEqual([]);
  });

  it('refuses a bad limit with 400 and a signed-out visitor with 401', async () => {
    for (const q of ['?limit=0', '?limit=25', '?limit=abc', '?limit=1.5']) {
      await expectError(
        await viewer.http(`/api/communities/suggested${q}`),
        400,
        'validation_error',
      );
    }
    await expectError(await t.http('/api/communities/suggested'), 401, 'unauthorized');
  });
});

describe('suggestions plan', () => {
  it('reads communities_members_idx in order and stops at the limit (no sort)', async () => {
    await t.database.db.execute(sql`insert into communities (id, name, member_count)
      select gen_random_uuid(), 'Bulk ' || md5(i::text), (i * 7919) % 5000
      from generate_series(1, 3000) as i`);
    await t.database.db.execute(sql`vacuum analyze communities`);
    await t.database.db.execute(sql`vacuum analyze community_members`);
    const rows = await queryRows<Record<string, string>>(
      t.database.db,
      sql`explain ${suggestedCommunitiesSql(viewer.user.id, 6)}`,
    );
    const plan = rows.map((r) => Object.values(r)[0]).join('\n');
    expect(plan, plan).toContain('communities_members_idx');
    expect(plan, plan).not.toMatch(/\bSort\b/);
    expect(plan, plan).toMatch(/^Limit/);
  });
});
