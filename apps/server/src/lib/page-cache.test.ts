import { describe, expect, it } from 'vitest';
import type { Community } from '@otakura/shared';
import {
  applyToPageCaches,
  createPageCaches,
  EVERY_VIEWER,
  listPageKey,
  PageCache,
  rowsChangedOf,
} from './page-cache';

const page = (id: string, about = ''): Community => ({
  id,
  name: id,
  imageUrl: null,
  thumbnailUrl: null,
  memberCount: 1,
  about,
  postCount: 0,
  isMember: false,
  createdAt: new Date(0).toISOString(),
});

function liveCache(opts: { ttlMs?: number; maxTargets?: number; maxViewers?: number } = {}) {
  let now = 1_000_000;
  const c = new PageCache<Community, boolean>({ ttlMs: 30_000, ...opts, now: () => now });
  let live = true;
  c.setLiveness(() => live);
  return {
    c,
    tick: (ms: number) => (now += ms),
    setLive: (v: boolean) => (live = v),
  };
}

describe('PageCache', () => {
  it('answers each viewer their own part of a shared page, for the TTL', () => {
    const { c, tick } = liveCache();
    c.set('c1', 'v1', page('c1', 'first'), true, c.epoch);
    c.set('c1', 'v2', page('c1', 'second'), false, c.epoch);
    expect(c.get('c1', 'v1')).toEqual({ base: page('c1', 'second'), rel: true });
    expect(c.get('c1', 'v2')?.rel).toBe(false);
    expect(c.get('c1', 'v3')).toBeUndefined(); // that viewer's part was never read
    tick(30_000);
    expect(c.get('c1', 'v1')).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('drops one target, or all of them', () => {
    const { c } = liveCache();
    for (const id of ['a', 'b', 'c']) c.set(id, 'v', page(id), true, c.epoch);
    c.drop('b');
    expect([c.get('a', 'v')?.rel, c.get('b', 'v'), c.get('c', 'v')?.rel]).toEqual([
      true,
      undefined,
      true,
    ]);
    c.drop(null);
    expect(c.size).toBe(0);
  });

  it('never stores a read that began before an invalidation', () => {
    const { c } = liveCache();
    const epoch = c.epoch;
    c.drop('someone-else');
    c.set('a', 'v', page('a'), true, epoch);
    expect(c.get('a', 'v')).toBeUndefined();
  });

  it('is bypassed while no invalidation can arrive, and forgets everything when they can again', () => {
    const { c, setLive } = liveCache();
    c.set('a', 'v', page('a'), true, c.epoch);
    setLive(false);
    expect(c.get('a', 'v')).toBeUndefined();
    c.set('b', 'v', page('b'), true, c.epoch);
    setLive(true);
    expect(c.get('a', 'v')).toBeUndefined(); // stored before the outage: not trusted
    expect(c.get('b', 'v')).toBeUndefined(); // not stored during it
    c.set('a', 'v', page('a'), true, c.epoch);
    expect(c.get('a', 'v')?.rel).toBe(true);
  });

  it('is off with a TTL of 0', () => {
    const { c } = liveCache({ ttlMs: 0 });
    c.set('a', 'v', page('a'), true, c.epoch);
    expect(c.get('a', 'v')).toBeUndefined();
  });

  it('keeps at most maxTargets targets (least recently used leaves) and maxViewers viewers', () => {
    const { c } = liveCache({ maxTargets: 2, maxViewers: 2 });
    c.set('a', 'v', page('a'), true, c.epoch);
    c.set('b', 'v', page('b'), true, c.epoch);
    expect(c.get('a', 'v')).toBeDefined();
    c.set('c', 'v', page('c'), true, c.epoch);
    expect([c.get('a', 'v')?.rel, c.get('b', 'v'), c.get('c', 'v')?.rel]).toEqual([
      true,
      undefined,
      true,
    ]);
    c.set('a', 'v2', page('a'), false, c.epoch);
    c.set('a', 'v3', page('a'), false, c.epoch); // a third viewer: the others start over
    expect([c.get('a', 'v'), c.get('a', 'v3')?.rel]).toEqual([undefined, false]);
  });

  it('takes the database NOTIFYs and resync from the bus', () => {
    const pages = createPageCaches({ ttlMs: 30_000 });
    pages.communities.setLiveness(() => true);
    pages.users.setLiveness(() => true);
    pages.communities.set('c1', 'v', page('c1'), true, pages.communities.epoch);
    pages.users.set('c1', 'v', { ...page('c1') } as never, true, pages.users.epoch);
    const event = rowsChangedOf(
      JSON.stringify({ o: 'db', e: { type: 'rows.changed', table: 'communities', id: 'c1' } }),
    );
    expect(event).toEqual({ type: 'rows.changed', table: 'communities', id: 'c1' });
    applyToPageCaches(pages, event!);
    expect(pages.communities.get('c1', 'v')).toBeUndefined();
    expect(pages.users.get('c1', 'v')).toBeDefined(); // another table's row of the same id
    applyToPageCaches(pages, { type: 'resync' });
    expect(pages.users.size).toBe(0);
    expect(rowsChangedOf('not json')).toBeUndefined();
    expect(rowsChangedOf(JSON.stringify({ o: 'x', e: { type: 'post.likes' } }))).toBeUndefined();
  });

  it("drops every page of the media list on any change of the catalog, whatever the event's id", () => {
    const pages = createPageCaches({ ttlMs: 30_000 });
    pages.media.setLiveness(() => true);
    pages.communities.setLiveness(() => true);
    const list = JSON.stringify({ items: [], nextCursor: null });
    const first = listPageKey({ q: ' frieren ', limit: 24 });
    expect(first).toBe(listPageKey({ q: 'frieren', cursor: undefined, limit: 24 }));
    expect(first).not.toBe(listPageKey({ q: 'frieren', cursor: 'abc', limit: 24 }));
    expect(first).not.toBe(listPageKey({ q: 'frieren', limit: 12 }));
    pages.media.set(first, EVERY_VIEWER, list, true, pages.media.epoch);
    pages.media.set(listPageKey({ q: '', limit: 24 }), EVERY_VIEWER, list, true, pages.media.epoch);
    pages.communities.set('m1', 'v', page('m1'), true, pages.communities.epoch);
    expect(pages.media.get(first, EVERY_VIEWER)?.base).toBe(list);

    applyToPageCaches(pages, { type: 'rows.changed', table: 'media', id: 'm1' });
    expect(pages.media.size).toBe(0);
    expect(pages.communities.get('m1', 'v')).toBeDefined(); // only the list's table
    pages.media.set(first, EVERY_VIEWER, list, true, pages.media.epoch);
    applyToPageCaches(pages, { type: 'resync' });
    expect(pages.media.size).toBe(0);
  });
});
