import type { CommunityPage, Post, PostPage } from '@otakura/shared';
import { vi } from 'vitest';

// The fetch stub is the shared one (src/test/mock-api.ts); posts tests import it from here.
export { apiError, json, mockApi, type Handler, type MockRequest } from '@/test/mock-api';

let seq = 0;

/** A post of any type; ids are UUID-shaped so topics and paths look real. */
export function makePost(overrides: Partial<Post> = {}): Post {
  seq += 1;
  const n = String(seq).padStart(12, '0');
  return {
    id: `00000000-0000-7000-8000-${n}`,
    type: 0,
    title: `Post ${seq}`,
    body: 'A few words about the latest episode.',
    nsfw: false,
    spoiler: false,
    community: { id: 'c0000000-0000-7000-8000-000000000001', name: 'Mecha Lovers', imageUrl: null },
    author: {
      id: 'u0000000-0000-7000-8000-000000000002',
      username: 'rei',
      name: 'Rei Ayanami',
      avatarUrl: null,
    },
    images: [],
    video: null,
    link: null,
    likeCount: 0,
    commentCount: 0,
    likedByMe: false,
    createdAt: new Date(Date.now() - 30_000).toISOString(),
    ...overrides,
  };
}

export function page(items: Post[], nextCursor: string | null = null): PostPage {
  return { items, nextCursor };
}

export function communities(
  items: Array<{ id: string; name: string; isMember?: boolean; memberCount?: number }>,
): CommunityPage {
  return {
    items: items.map((c) => ({
      id: c.id,
      name: c.name,
      imageUrl: null,
      thumbnailUrl: null,
      memberCount: c.memberCount ?? 12,
      isMember: c.isMember ?? false,
    })),
    nextCursor: null,
  };
}

/**
 * A controllable IntersectionObserver: `intersect(el)` reports an element as visible at `ratio`.
 * Install with `installIntersectionObserver()`; `observers` lists the live ones.
 */
export function installIntersectionObserver() {
  const observers = new Set<FakeObserver>();
  class FakeObserver {
    readonly elements = new Set<Element>();
    constructor(
      readonly callback: IntersectionObserverCallback,
      readonly options: IntersectionObserverInit = {},
    ) {
      observers.add(this);
    }
    observe(el: Element) {
      this.elements.add(el);
    }
    unobserve(el: Element) {
      this.elements.delete(el);
    }
    disconnect() {
      this.elements.clear();
      observers.delete(this);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  const intersect = (predicate: (el: Element) => boolean, ratio = 1) => {
    for (const observer of [...observers]) {
      const hits = [...observer.elements].filter(predicate);
      if (hits.length === 0) continue;
      observer.callback(
        hits.map(
          (target) =>
            ({
              target,
              isIntersecting: ratio > 0,
              intersectionRatio: ratio,
            }) as IntersectionObserverEntry,
        ),
        observer as unknown as IntersectionObserver,
      );
    }
  };
  /** Whether some observer watches an element (effects attach observers after the render). */
  const observed = (predicate: (el: Element) => boolean) =>
    [...observers].some((observer) => [...observer.elements].some(predicate));
  return { observers, intersect, observed };
}
