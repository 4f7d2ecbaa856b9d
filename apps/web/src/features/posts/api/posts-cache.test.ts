import type { Post, PostPage } from '@otakura/shared';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makePost } from '../testing/posts-mock';
import { postKeys } from './post-keys';
import {
  applyPostCommentCount,
  applyPostDeleted,
  applyPostLiked,
  findCachedPost,
  isPostCached,
} from './posts-cache';

function seed() {
  const qc = new QueryClient();
  const a = makePost({ likeCount: 1, commentCount: 2, likedByMe: true });
  const b = makePost();
  const feedKey = postKeys.list({ kind: 'feed', tab: 'all', sort: 'new' });
  qc.setQueryData<InfiniteData<PostPage, string | null>>(feedKey, {
    pages: [
      { items: [a, b], nextCursor: 'c1' },
      { items: [makePost()], nextCursor: null },
    ],
    pageParams: [null, 'c1'],
  });
  qc.setQueryData<Post>(postKeys.detail(a.id), a);
  // Another feature's grid of posts, under its own key.
  qc.setQueryData<PostPage>(['communities', 'c1', 'posts'], { items: [a], nextCursor: null });
  return { qc, a, b, feedKey };
}

describe('cache patching for live events', () => {
  it('applyPostLiked sets the absolute count everywhere and keeps likedByMe', () => {
    const { qc, a, feedKey } = seed();
    applyPostLiked(qc, a.id, 42);
    const feed = qc.getQueryData<InfiniteData<PostPage>>(feedKey)!;
    expect(feed.pages[0]!.items[0]).toMatchObject({ likeCount: 42, likedByMe: true });
    expect(qc.getQueryData<Post>(postKeys.detail(a.id))!.likeCount).toBe(42);
    expect(qc.getQueryData<PostPage>(['communities', 'c1', 'posts'])!.items[0]!.likeCount).toBe(42);
  });

  it('applyPostCommentCount sets the absolute comment count', () => {
    const { qc, a } = seed();
    applyPostCommentCount(qc, a.id, 9);
    expect(findCachedPost(qc, a.id)!.commentCount).toBe(9);
  });

  it('applyPostDeleted removes the post from every list and drops its detail', () => {
    const { qc, a, b, feedKey } = seed();
    applyPostDeleted(qc, a.id);
    const feed = qc.getQueryData<InfiniteData<PostPage>>(feedKey)!;
    expect(feed.pages[0]!.items.map((p) => p.id)).toEqual([b.id]);
    expect(qc.getQueryData(postKeys.detail(a.id))).toBeUndefined();
    expect(isPostCached(qc, a.id)).toBe(false);
    expect(isPostCached(qc, b.id)).toBe(true);
  });

  it('leaves unrelated data alone', () => {
    const { qc, a } = seed();
    const comments = {
      items: [{ id: a.id, text: 'same id, not a post', likeCount: 3 }],
      nextCursor: null,
    };
    qc.setQueryData(['comments', 'list', 'post', a.id], comments);
    applyPostLiked(qc, a.id, 100);
    expect(qc.getQueryData(['comments', 'list', 'post', a.id])).toBe(comments);
  });
});
