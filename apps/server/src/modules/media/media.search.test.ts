import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@otakura/shared';
import { communityCursor, mediaCursor } from '../../lib/cursor';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../test/app';
import { expectCursorRefused } from '../../test/expect-error';
import { createMedia, createUser, type TestUser } from '../../test/factories';
import {
  addEpisode,
  addIssue,
  addVolume,
  expectError,
  listOrder,
  search,
  searchAll,
  searchPath,
  token,
} from './media.test-helpers';

let t: TestApp;
let viewer: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  viewer = await createUser(t);
});
afterAll(async () => {
  await t?.close();
});

const titles = (page: { items: { title: string }[] }) => page.items.map((m) => m.title);

async function entries(...list: (string | { title: string; keywords: string[] })[]) {
  const rows = [];
  for (const e of list) {
    rows.push(await createMedia(t, typeof e === 'string' ? { title: e } : e));
  }
  return rows;
}

describe('GET /api/media: order and pages', () => {
  it('lists alphabetically, case-insensitively, in keyset pages with no duplicates or gaps', async () => {
    const k = token();
    const made = await entries(
      ...[
        'Naruto',
        'bleach',
        'Akira',
        'akira',
        'AKIRA',
        'zeta',
        'Éclair',
        '100% Moe',
        'one piece',
        'One Punch Man',
        'Mob Psycho',
        'mushishi',
        'Berserk',
        'berserk',
        'Claymore',
        'Dorohedoro',
        'Gintama',
        'Haikyu',
        'Initial D',
        'Jojo',
        'Kaiju No. 8',
        'Lain',
        'Monster',
      ].map((x) => `${k} ${x}`),
    );
    const expected = made
      .map((m) => ({ id: m.id, title: m.title }))
      .sort(listOrder)
      .map((m) => m.id);

    const { items, pages } = await searchAll(viewer.http, { q: k, limit: 5 });
    expect(pages).toBe(Math.ceil(made.length / 5));
    expect(items.map((m) => m.id)).toEqual(expected);

    // The whole list (no query) is the same order over every entry, also across pages.
    const all = await searchAll(viewer.http, { limit: 7 });
    const ids = all.items.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...all.items].sort(listOrder).map((m) => m.id));
    expect(ids.filter((id) => expected.includes(id))).toEqual(expected);
  });

  it('answers the summary with counts of episodes, volumes and issues', async () => {
    const k = token();
    const video = await createMedia(t, { title: `${k} video`, kind: 'video' });
    const manga = await createMedia(t, { title: `${k} manga`, kind: 'manga' });
    const sequence = await createMedia(t, { title: `${k} sequence`, kind: 'sequence' });
    await addEpisode(t, video.id, 1);
    await addEpisode(t, video.id, 2);
    const v1 = await addVolume(t, manga.id, 1);
    await addVolume(t, manga.id, 2);
    await addIssue(t, manga.id, 1, { volumeId: v1.id });
    await addIssue(t, manga.id, 2, { volumeId: v1.id });
    await addIssue(t, manga.id, 3, { volumeId: v1.id });
    await addIssue(t, sequence.id, 1);

    const page = await search(viewer.http, { q: k });
    expect(page.items.map((m) => [m.kind, m.episodeCount, m.volumeCount, m.issueCount])).toEqual([
      ['manga', 0, 2, 3],
      ['sequence', 0, 0, 1],
      ['video', 2, 0, 0],
    ]);
    expect(page.items[0]).toMatchObject({
      id: manga.id,
      title: `${k} manga`,
      author: '',
      coverUrl: null,
      nsfw: false,
      likeCount: 0,
      viewCount: 0,
      commentCount: 0,
    });
    expect(page.nextCursor).toBeNull();
  });
});

describe('GET /api/media: matching', () => {
  it('matches a case-insensitive substring of the title', async () => {
    const k = token();
    await entries(`${k} NARUTO Shippuden`, `Boruto ${k} naruto next`, `${k} Bleach`);
    const inWorld = async (q: string) =>
      titles(await search(viewer.http, { q, limit: 100 })).filter((n) => n.includes(k));
    for (const q of ['naruto', 'NARUTO', 'NaRuTo', 'arut'])
      expect(await inWorld(q)).toEqual([`Boruto ${k} naruto next`, `${k} NARUTO Shippuden`]);
    expect(await inWorld(`${k} bleach`)).toEqual([`${k} Bleach`]);
    expect(await inWorld(`${k} one piece`)).toEqual([]);
  });

  it('matches a case-insensitive substring of a keyword, not only of the title', async () => {
    const k = token();
    await entries(
      { title: `${k} Frieren`, keywords: ['Elf', `Journey${k}Fantasy`] },
      { title: `${k} Dungeon Meshi`, keywords: ['cooking', 'fantasy'] },
      { title: `${k} Aria`, keywords: [] },
    );
    expect(titles(await search(viewer.http, { q: `JOURNEY${k}` }))).toEqual([`${k} Frieren`]);
    const fantasy = titles(await search(viewer.http, { q: 'FANTASY', limit: 100 })).filter((n) =>
      n.includes(k),
    );
    expect(fantasy).toEqual([`${k} Dungeon Meshi`, `${k} Frieren`]);
    expect(titles(await search(viewer.http, { q: `${k}fan` }))).toEqual([`${k} Frieren`]);
  });

  it('takes %, _ and \\ literally, not as LIKE wildcards', async () => {
    const k = token();
    await entries(
      `${k} 100% Moe`,
      `${k} 100 Moe`,
      `${k} snake_case`,
      `${k} snakeXcase`,
      `${k} back\\slash`,
      `${k} backslash`,
    );
    expect(titles(await search(viewer.http, { q: `${k} 100%` }))).toEqual([`${k} 100% Moe`]);
    expect(titles(await search(viewer.http, { q: `${k} snake_` }))).toEqual([`${k} snake_case`]);
    expect(titles(await search(viewer.http, { q: `${k} back\\` }))).toEqual([`${k} back\\slash`]);
    const percent = titles(await search(viewer.http, { q: '% moe', limit: 100 }));
    expect(percent.filter((n) => n.includes(k))).toEqual([`${k} 100% Moe`]);
  });

  it('trims the query; blank lists everything', async () => {
    const k = token();
    await entries(`${k} Trim`);
    expect(titles(await search(viewer.http, { q: `   ${k} trim  ` }))).toEqual([`${k} Trim`]);
    const blank = await search(viewer.http, { q: '   ', limit: 100 });
    const none = await search(viewer.http, { limit: 100 });
    expect(blank.items.map((m) => m.id)).toEqual(none.items.map((m) => m.id));
    expect(none.items.length).toBeGreaterThan(1);
  });
});

describe('GET /api/media: refusals', () => {
  it('refuses a 10,000-character query with 400 and over-long limits', async () => {
    const res = await viewer.http(searchPath({ q: 'x'.repeat(10_000) }));
    await expectError(res, 400, 'validation_error');
    await expectError(
      await viewer.http(searchPath({ q: 'x'.repeat(LIMITS.searchQueryMax + 1) })),
      400,
      'validation_error',
    );
    await expectError(
      await viewer.http(searchPath({ limit: LIMITS.pageSizeMax + 1 })),
      400,
      'validation_error',
    );
    await expectError(await viewer.http(searchPath({ limit: 0 })), 400, 'validation_error');
  });

  it('refuses cursors it did not hand out, including a community cursor', async () => {
    for (const cursor of [
      'garbage!',
      communityCursor.encode({ section: 'rest', name: 'a', id: newId() }),
      Buffer.from(JSON.stringify(['m', 'a', 'not-an-id'])).toString('base64url'),
    ]) {
      await expectCursorRefused(await viewer.http(searchPath({ cursor })));
    }
    // A well-formed cursor of this list pages on from its key.
    const ok = await viewer.http(
      searchPath({ cursor: mediaCursor.encode({ title: 'zzzz', id: newId() }) }),
    );
    expect(ok.status).toBe(200);
  });

  it('answers 401 when signed out', async () => {
    await expectError(await t.http('/api/media'), 401, 'unauthorized');
  });
});
