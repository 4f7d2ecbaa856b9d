import { describe, expect, it } from 'vitest';
import type { Community } from '@otakura/shared';
import {
  applyToPageCaches,
  commentPageKey,
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

  it('drops every page of a group at once, and keeps its groups right through eviction', () => {
    let now = 0;
    const c = new PageCache<string, boolean>({
      ttlMs: 30_000,
      maxTargets: 3,
      now: () => now,
      groupOf: (key) => key.split('/')[0]!,
    });
    c.setLiveness(() => true);
    for (const key of ['p1/1', 'p1/2', 'p2/1']) c.set(key, 'v', key, true, c.epoch);
    c.drop('p1');
    expect([c.get('p1/1', 'v'), c.get('p1/2', 'v'), c.get('p2/1', 'v')?.base]).toEqual([
      undefined,
      undefined,
      'p2/1',
    ]);
    // A fourth key evicts the least recently used; dropping its group later drops only what is left.
    for (const key of ['p3/1', 'p3/2', 'p4/1', 'p3/3']) c.set(key, 'v', key, true, c.epoch);
    expect(c.size).toBe(3); // p2/1 and p3/1 left first
    c.drop('p3');
    expect(c.size).toBe(1);
    expect(c.get('p4/1', 'v')?.base).toBe('p4/1');
    // An expired key read is forgotten with its group entry; storing it again works.
    now += 60_000;
    expect(c.get('p4/1', 'v')).toBeUndefined();
    c.set('p4/1', 'v', 'again', true, c.epoch);
    c.drop('p4');
    expect(c.size).toBe(0);
  });

  it("keys comment pages by the target's id in lower case and drops a target's pages on its event", () => {
    const pages = createPageCaches({ ttlMs: 30_000 });
    pages.comments.setLiveness(() => true);
    const id = '7F0C2F0E-0000-4000-8000-00000000000A';
    const first = commentPageKey(id, {});
    expect(first).toBe(commentPageKey(id.toLowerCase(), { limit: undefined }));
    expect(first).not.toBe(commentPageKey(id, { cursor: 'abc' }));
    expect(first).not.toBe(commentPageKey(id, { limit: 12 }));
    const shared = { items: [], nextCursor: 'null' };
    pages.comments.set(first, 'v', shared, [], pages.comments.epoch);
    pages.comments.set(
      commentPageKey(id, { cursor: 'abc' }),
      'v',
      shared,
      [],
      pages.comments.epoch,
    );
    pages.comments.set(commentPageKey('other', {}), 'v', shared, [], pages.comments.epoch);
    applyToPageCaches(pages, { type: 'rows.changed', table: 'comments', id: id.toLowerCase() });
    expect(pages.comments.size).toBe(1);
    applyToPageCaches(pages, { type: 'rows.changed', table: 'comments', id: null });
    expect(pages.comments.size).toBe(0);
  });
});
