import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@otakura/shared';
import { buildTestApp, type TestApp } from '../../test/app';
import { expectCursorRefused } from '../../test/expect-error';
import { createCommunity, createUser, joinCommunity, type TestUser } from '../../test/factories';
import { escapeLike, substringPattern } from './communities.repository';
import { communityCursor } from '../../lib/cursor';
import {
  expectError,
  listOrder,
  search,
  searchAll,
  searchPath,
  token,
} from './communities.test-helpers';

let t: TestApp;
let viewer: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  viewer = await createUser(t);
});
afterAll(async () => {
  await t?.close();
});

const names = (page: { items: { name: string }[] }) => page.items.map((c) => c.name);

async function communities(...list: string[]) {
  const rows = [];
  for (const name of list) rows.push(await createCommunity(t, { name }));
  return rows;
}

describe('GET /api/communities: matching', () => {
  it('matches a case-insensitive substring anywhere in the name', async () => {
    const k = token();
    await communities(
      `${k} NARUTO Shippuden`,
      `Boruto ${k} naruto next`,
      `${k} Bleach`,
      `${k} naRUto`,
    );
    const narutos = [`Boruto ${k} naruto next`, `${k} naRUto`, `${k} NARUTO Shippuden`];
    const inWorld = async (q: string) =>
      names(await search(viewer.http, { q, limit: 100 })).filter((n) => n.includes(k));
    for (const q of ['naruto', 'NARUTO', 'NaRuTo', 'arut', 'ARU'])
      expect(await inWorld(q)).toEqual(narutos);
    expect(await inWorld(`${k.toUpperCase()} NAR`)).toEqual(narutos);
    expect(await inWorld(`${k} NARUTO s`)).toEqual([`${k} NARUTO Shippuden`]);
    expect(await inWorld(`${k} bleach`)).toEqual([`${k} Bleach`]);
    expect(await inWorld(`uto ${k}`)).toEqual([`Boruto ${k} naruto next`]);
    expect(await inWorld(`${k} one piece`)).toEqual([]);
  });

  it('trims the query, and a query of only spaces lists every community like an empty one', async () => {
    const k = token();
    await communities(`${k} Trim`);
    expect(names(await search(viewer.http, { q: `   ${k} trim  ` }))).toEqual([`${k} Trim`]);
    const all = await searchAll(viewer.http, { limit: 100 });
    const spaces = await searchAll(viewer.http, { q: '      ', limit: 100 });
    expect(spaces.items.map((c) => c.id)).toEqual(all.items.map((c) => c.id));
    expect(all.items.length).toBeGreaterThan(1);
  });

  it('takes %, _ and \\ literally, not as LIKE wildcards', async () => {
    const k = token();
    await communities(
      `${k} 100% Moe`,
      `${k} 100 Moe`,
      `${k} 1000 Moe`,
      `${k} snake_case`,
      `${k} snakeXcase`,
      `${k} back\\slash`,
      `${k} backslash`,
    );
    expect(names(await search(viewer.http, { q: `${k} 100%` }))).toEqual([`${k} 100% Moe`]);
    expect(names(await search(viewer.http, { q: `${k} 100% moe` }))).toEqual([`${k} 100% Moe`]);
    expect(names(await search(viewer.http, { q: `${k} snake_` }))).toEqual([`${k} snake_case`]);
    expect(names(await search(viewer.http, { q: `${k} back\\` }))).toEqual([`${k} back\\slash`]);
    // Alone, the metacharacters find only names that contain them.
    for (const [q, expected] of [
      ['%', `${k} 100% Moe`],
      ['_', `${k} snake_case`],
      ['\\', `${k} back\\slash`],
    ] as const) {
      const found = (await searchAll(viewer.http, { q, limit: 100 })).items.map((c) => c.name);
      expect(found.filter((n) => n.includes(k))).toEqual([expected]);
      expect(found.every((n) => n.includes(q))).toBe(true);
    }
  });

  it('folds the case of accented letters but not the accents themselves (documented rule)', async () => {
    const k = token();
    await communities(`${k} Café Otaku`, `${k} Cafe Plain`, `${k} ÉTÉ`);
    expect(names(await search(viewer.http, { q: `${k} café` }))).toEqual([`${k} Café Otaku`]);
    expect(names(await search(viewer.http, { q: `${k} CAFÉ` }))).toEqual([`${k} Café Otaku`]);
    expect(names(await search(viewer.http, { q: `${k} été` }))).toEqual([`${k} ÉTÉ`]);
    // No accent folding: 'cafe' finds only the unaccented name, and 'ete' nothing.
    expect(names(await search(viewer.http, { q: `${k} cafe` }))).toEqual([`${k} Cafe Plain`]);
    expect(names(await search(viewer.http, { q: `${k} ete` }))).toEqual([]);
    // A decomposed é (e + combining acute, as some keyboards send it) is put in NFC first.
    expect(names(await search(viewer.http, { q: `${k} cafe\u0301` }))).toEqual([`${k} Café Otaku`]);
  });

  it('answers a 10,000-character query with a clear 400, and accepts exactly 200 characters', async () => {
    const err = await expectError(
      await viewer.http(searchPath({ q: 'a'.repeat(10_000) })),
      400,
      'validation_error',
    );
    expect(err.message).toBe(`q: Search text must be at most ${LIMITS.searchQueryMax} characters.`);
    expect(err.details).toEqual([
      { path: 'q', message: `Search text must be at most ${LIMITS.searchQueryMax} characters.` },
    ]);
    await expectError(
      await viewer.http(searchPath({ q: 'b'.repeat(201) })),
      400,
      'validation_error',
    );
    expect((await viewer.http(searchPath({ q: 'b'.repeat(200) }))).status).toBe(200);
    // Surrounding spaces are trimmed before the length is checked.
    expect((await viewer.http(searchPath({ q: ` ${'b'.repeat(200)} ` }))).status).toBe(200);
  });

  it('needs a signed-in user', async () => {
    await expectError(await t.http(searchPath({ q: 'x' })), 401, 'unauthorized');
  });
});

describe('GET /api/communities: order and pages', () => {
  it('lists alphabetically, ignoring case, ties broken by id', async () => {
    const k = token();
    const rows = await communities(
      `${k} beta`,
      `${k} Alpha`,
      `${k} alpha2`,
      `${k} Gamma`,
      `${k} BETA2`,
      `${k} ALPHA`,
      `${k} 9lives`,
      `${k} Éclair`,
    );
    const page = await search(viewer.http, { q: k });
    expect(page.items.map((c) => c.id)).toEqual([...rows].sort(listOrder).map((r) => r.id));
    expect(names(page).map((n) => n.slice(k.length + 1).toLowerCase())).toEqual([
      '9lives',
      'alpha',
      'alpha',
      'alpha2',
      'beta',
      'beta2',
      'gamma',
      'éclair',
    ]);
    // Equal names (ignoring case) come in id order.
    const alphas = page.items.filter((c) => c.name.toLowerCase() === `${k} alpha`).map((c) => c.id);
    expect(alphas).toEqual([...alphas].sort());
  });

  it('pages with a keyset cursor: every community once, in order, whatever the page size', async () => {
    const k = token();
    const list: string[] = [];
    for (let i = 0; i < 23; i++)
      list.push(`${k} ${['x', 'X', 'y'][i % 3]}${String(i % 7).padStart(2, '0')}`);
    const rows = await communities(...list);
    const expected = [...rows].sort(listOrder).map((r) => r.id);
    for (const limit of [1, 4, 7, 23, 100]) {
      const { items, pages } = await searchAll(viewer.http, { q: k, limit });
      expect(items.map((c) => c.id)).toEqual(expected);
      expect(pages).toBe(Math.max(1, Math.ceil(23 / limit)));
    }
  });

  it('keeps its place when communities are added before the cursor while paging', async () => {
    const k = token();
    await communities(`${k} m1`, `${k} m2`, `${k} m3`, `${k} m4`);
    const first = await search(viewer.http, { q: k, limit: 2 });
    await communities(`${k} a0`);
    const second = await search(viewer.http, { q: k, limit: 2, cursor: first.nextCursor! });
    expect([...names(first), ...names(second)]).toEqual([
      `${k} m1`,
      `${k} m2`,
      `${k} m3`,
      `${k} m4`,
    ]);
  });

  it('refuses a cursor it did not hand out with 400 validation_error naming the cursor', async () => {
    for (const cursor of [
      'nope',
      Buffer.from('["r","x","not-an-id"]').toString('base64url'),
      'a'.repeat(900),
    ]) {
      await expectCursorRefused(await viewer.http(searchPath({ cursor })));
    }
  });

  it('shows isMember and the member count on each entry', async () => {
    const k = token();
    const [a, b] = await communities(`${k} a`, `${k} b`);
    await joinCommunity(t, viewer.user.id, b!.id);
    const page = await search(viewer.http, { q: k });
    expect(page.items.map((c) => [c.name, c.isMember, c.memberCount])).toEqual([
      [`${k} a`, false, 0],
      [`${k} b`, true, 1],
    ]);
    expect(page.items[0]).toEqual({
      id: a!.id,
      name: `${k} a`,
      imageUrl: null,
      thumbnailUrl: null,
      memberCount: 0,
      isMember: false,
    });
  });
});

describe('GET /api/communities?followedFirst=true (the create-post picker)', () => {
  it("lists the user's communities first, then the others, each part alphabetical, across pages", async () => {
    const k = token();
    const user = await createUser(t);
    const rows = await communities(...['f', 'c', 'a', 'e', 'b', 'd', 'g'].map((l) => `${k} ${l}`));
    const byName = new Map(rows.map((r) => [r.name, r]));
    for (const l of ['e', 'b', 'g'])
      await joinCommunity(t, user.user.id, byName.get(`${k} ${l}`)!.id);
    const expected = ['b', 'e', 'g', 'a', 'c', 'd', 'f'].map((l) => `${k} ${l}`);
    for (const limit of [1, 2, 3, 4, 50]) {
      const { items } = await searchAll(user.http, { q: k, followedFirst: true, limit });
      expect(items.map((c) => c.name)).toEqual(expected);
      expect(items.map((c) => c.isMember)).toEqual([true, true, true, false, false, false, false]);
    }
    // Without it (or with 'false'), plain alphabetical order.
    const plain = rows.map((r) => r.name).sort();
    expect(names(await search(user.http, { q: k }))).toEqual(plain);
    expect(names(await search(user.http, { q: k, followedFirst: false }))).toEqual(plain);
    // A user who follows nothing gets the plain order.
    expect(names(await search(viewer.http, { q: k, followedFirst: true }))).toEqual(plain);
  });

  it('filters both parts by the query', async () => {
    const k = token();
    const user = await createUser(t);
    const [x1, , y1] = await communities(`${k} x1`, `${k} x2`, `${k} y1`, `${k} y2`);
    await joinCommunity(t, user.user.id, x1!.id);
    await joinCommunity(t, user.user.id, y1!.id);
    expect(names(await search(user.http, { q: `${k} y`, followedFirst: true }))).toEqual([
      `${k} y1`,
      `${k} y2`,
    ]);
    expect(names(await search(user.http, { q: `${k} x`, followedFirst: 'true' }))).toEqual([
      `${k} x1`,
      `${k} x2`,
    ]);
  });
});

describe('search helpers', () => {
  it('escapes LIKE metacharacters', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
    expect(substringPattern('a%')).toBe('%a\\%%');
  });

  it('round-trips cursors', () => {
    const c = {
      section: 'followed' as const,
      name: 'Café "x" | y',
      id: '01890a5d-ac96-774b-bcce-b302099a8057',
    };
    expect(communityCursor.decode(communityCursor.encode(c))).toEqual(c);
    expect(communityCursor.decode(undefined)).toBeUndefined();
  });
});
