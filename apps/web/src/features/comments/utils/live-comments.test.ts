import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { commentKeys, targetFromListKey, type CommentTarget } from '../api/comment-keys';
import type { CommentsData } from '../api/get-comments';
import { fakeApi, makeComment, me, page, POST_ID } from '../comments.test-helpers';
import { flattenComments } from './comment-threads';
import { settlePendingComment } from './comment-cache';
import { applyLiveCommentLiked, syncLiveComment } from './live-comments';

const target: CommentTarget = { kind: 'post', id: POST_ID };
const key = commentKeys.list(target);

function cacheWith(pages: CommentsData['pages']) {
  const queryClient = new QueryClient();
  queryClient.setQueryData<CommentsData>(key, {
    pages,
    pageParams: pages.map((_, i) => (i === 0 ? undefined : `p${i}`)),
  });
  const bodies = () =>
    flattenComments(queryClient.getQueryData<CommentsData>(key)).map((c) => c.body);
  return { queryClient, bodies };
}

const created = (commentId: string) =>
  ({
    type: 'comment.created',
    topic: `post:${POST_ID}`,
    postId: POST_ID,
    mediaId: null,
    commentId,
    commentCount: 2,
  }) as const;

describe('live comment events', () => {
  it('comment.created fetches the comment and adds it at the end of a fully loaded list', async () => {
    const first = makeComment({ body: 'first' });
    const fresh = makeComment({ body: 'fresh from someone else' });
    fakeApi({ [`GET /api/comments/${fresh.id}`]: () => ({ body: fresh }) });
    const { queryClient, bodies } = cacheWith([page([first])]);
    await syncLiveComment(queryClient, created(fresh.id));
    expect(bodies()).toEqual(['first', 'fresh from someone else']);
    // Repeated: still once.
    await syncLiveComment(queryClient, created(fresh.id));
    expect(bodies()).toEqual(['first', 'fresh from someone else']);
  });

  it("comment.created leaves a list with unloaded pages alone ('Load more' brings it in place)", async () => {
    const fresh = makeComment({ body: 'fresh' });
    const api = fakeApi({ [`GET /api/comments/${fresh.id}`]: () => ({ body: fresh }) });
    const { queryClient, bodies } = cacheWith([page([makeComment({ body: 'first' })], 'more')]);
    await syncLiveComment(queryClient, created(fresh.id));
    expect(bodies()).toEqual(['first']);
    expect(api).toHaveBeenCalled();
  });

  it('comment.updated replaces a loaded comment (an edit, or a delete into the tombstone)', async () => {
    const c = makeComment({ body: 'before' });
    fakeApi({
      [`GET /api/comments/${c.id}`]: () => ({ body: { ...c, body: 'after', edited: true } }),
    });
    const { queryClient, bodies } = cacheWith([page([c])]);
    await syncLiveComment(queryClient, {
      type: 'comment.updated',
      topic: `post:${POST_ID}`,
      postId: POST_ID,
      mediaId: null,
      commentId: c.id,
    });
    expect(bodies()).toEqual(['after']);
  });

  it('does nothing for lists nobody loaded', async () => {
    const api = fakeApi({});
    const queryClient = new QueryClient();
    await syncLiveComment(queryClient, created('x'));
    expect(api).not.toHaveBeenCalled();
  });

  it("comment.liked sets the absolute count, except for the viewer's own likes", () => {
    const c = makeComment({ likeCount: 1 });
    const { queryClient } = cacheWith([page([c])]);
    const event = {
      type: 'comment.liked',
      topic: `post:${POST_ID}`,
      commentId: c.id,
      likeCount: 5,
      actorId: me.id,
    } as const;
    applyLiveCommentLiked(queryClient, event, me.id);
    const count = () => flattenComments(queryClient.getQueryData<CommentsData>(key))[0]!.likeCount;
    expect(count()).toBe(1);
    applyLiveCommentLiked(queryClient, { ...event, actorId: 'someone' }, me.id);
    expect(count()).toBe(5);
  });

  it('an optimistic comment whose live twin arrived first is not shown twice', () => {
    const pending = makeComment({ id: 'pending:1', body: 'mine' });
    const real = makeComment({ body: 'mine' });
    const { queryClient, bodies } = cacheWith([page([pending, real])]);
    settlePendingComment(queryClient, target, pending.id, real);
    expect(bodies()).toEqual(['mine']);
  });
});

describe('targetFromListKey', () => {
  it('reads comment list keys and nothing else', () => {
    expect(targetFromListKey(key)).toEqual(target);
    expect(targetFromListKey(['comments', 'list', 'media', 'm1'])).toEqual({
      kind: 'media',
      id: 'm1',
    });
    expect(targetFromListKey(['posts', 'list', 'post', 'x'])).toBeNull();
    expect(targetFromListKey(['comments'])).toBeNull();
  });
});
