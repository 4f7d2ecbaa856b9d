import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommentPageSchema, REPORT_SUCCESS_MESSAGE } from '@otakura/shared';
import { reports } from '../../db/schema';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../test/app';
import {
  createComment,
  createMedia,
  createPost,
  createUser,
  withCookie,
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
  const body = (await res.json()) as { error?: { code: string } };
  expect({ status: res.status, code: body.error?.code }).toEqual({ status, code });
}

const report = (
  who: TestUser,
  id: string,
  json: Record<string, unknown> = { reason: 'harassment' },
) => who.http(`/api/comments/${id}/report`, { method: 'POST', json });

async function reportsOf(commentId: string) {
  return t.database.db
    .select()
    .from(reports)
    .where(and(eq(reports.targetType, 'comment'), eq(reports.targetId, commentId)));
}

describe('POST /api/comments/:commentId/report', () => {
  it('stores reporter, author, date, text and place, and answers the spec message; twice is once', async () => {
    const author = await createUser(t);
    const reporter = await createUser(t);
    const post = await createPost(t, { userId: author.user.id });
    const comment = await createComment(t, {
      userId: author.user.id,
      postId: post.id,
      body: 'rude words',
    });

    const first = await report(reporter, comment.id);
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ message: REPORT_SUCCESS_MESSAGE });

    const again = await report(reporter, comment.id);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ message: REPORT_SUCCESS_MESSAGE });

    const rows = await reportsOf(comment.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reporterId: reporter.user.id,
      authorId: author.user.id,
      snapshot: 'rude words',
      postId: post.id,
      communityId: post.communityId,
      mediaId: null,
      status: 'open',
      reason: 'harassment',
      details: null,
    });
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);

    const page = CommentPageSchema.parse(
      await (await reporter.http(`/api/posts/${post.id}/comments`)).json(),
    );
    expect(page.items[0]).toMatchObject({ id: comment.id, reportedByMe: true });
    const authorPage = CommentPageSchema.parse(
      await (await author.http(`/api/posts/${post.id}/comments`)).json(),
    );
    expect(authorPage.items[0]).toMatchObject({ reportedByMe: false });
  });

  it('reports media comments too', async () => {
    const author = await createUser(t);
    const reporter = await createUser(t);
    const entry = await createMedia(t);
    const comment = await createComment(t, { userId: author.user.id, mediaId: entry.id });
    expect((await report(reporter, comment.id)).status).toBe(201);
    expect((await reportsOf(comment.id))[0]).toMatchObject({
      mediaId: entry.id,
      postId: null,
      communityId: null,
    });
  });

  it('refuses reporting your own comment or a deleted one with 403, and unknown ones with 404', async () => {
    const author = await createUser(t);
    const other = await createUser(t);
    const post = await createPost(t, { userId: author.user.id });
    const comment = await createComment(t, { userId: author.user.id, postId: post.id });
    await expectError(await report(author, comment.id), 403, 'cannot_report_own_comment');
    expect(await reportsOf(comment.id)).toHaveLength(0);

    await author.http(`/api/comments/${comment.id}`, { method: 'DELETE' });
    await expectError(await report(other, comment.id), 403, 'cannot_report_deleted_comment');
    for (const id of [newId(), 'nope'])
      await expectError(await report(other, id), 404, 'comment_not_found');
    await expectError(
      await withCookie(t, '')(`/api/comments/${comment.id}/report`, {
        method: 'POST',
        json: { reason: 'spam' },
      }),
      401,
      'unauthorized',
    );
  });
});

describe('the reason of a report', () => {
  async function fixture() {
    const author = await createUser(t);
    const reporter = await createUser(t);
    const post = await createPost(t, { userId: author.user.id });
    const comment = await createComment(t, { userId: author.user.id, postId: post.id });
    return { reporter, comment };
  }

  it('is required and must be one of the listed reasons; a refused report stores nothing', async () => {
    const { reporter, comment } = await fixture();
    for (const json of [
      {},
      { reason: 'boring' },
      { reason: '' },
      { reason: 3 },
      { details: 'x' },
    ]) {
      const res = await report(reporter, comment.id, json);
      const body = (await res.json()) as { error: { code: string; details?: { path: string }[] } };
      expect({ status: res.status, code: body.error.code }, JSON.stringify(json)).toEqual({
        status: 400,
        code: 'validation_error',
      });
      expect(body.error.details?.[0]?.path).toBe('reason');
    }
    const noBody = await reporter.http(`/api/comments/${comment.id}/report`, { method: 'POST' });
    expect(noBody.status).toBe(400);
    expect(await reportsOf(comment.id)).toHaveLength(0);
  });

  it.each(['spam', 'harassment', 'spoiler', 'minor_sexual_content'] as const)(
    'stores %s, without details',
    async (reason) => {
      const { reporter, comment } = await fixture();
      const res = await report(reporter, comment.id, { reason, details: 'ignored words' });
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({ message: REPORT_SUCCESS_MESSAGE });
      expect((await reportsOf(comment.id))[0]).toMatchObject({ reason, details: null });
    },
  );

  it('stores Other with its details trimmed, a blank text as none, and refuses over 500 characters', async () => {
    const { reporter, comment } = await fixture();
    await expectError(
      await report(reporter, comment.id, { reason: 'other', details: 'x'.repeat(501) }),
      400,
      'validation_error',
    );
    expect(await reportsOf(comment.id)).toHaveLength(0);
    const res = await report(reporter, comment.id, {
      reason: 'other',
      details: `  ${'y'.repeat(500)}  `,
    });
    expect(res.status).toBe(201);
    expect((await reportsOf(comment.id))[0]).toMatchObject({
      reason: 'other',
      details: 'y'.repeat(500),
    });

    const second = await fixture();
    await report(second.reporter, second.comment.id, { reason: 'other', details: '   ' });
    expect((await reportsOf(second.comment.id))[0]).toMatchObject({
      reason: 'other',
      details: null,
    });
  });

  it('keeps the first reason when the same user reports again', async () => {
    const { reporter, comment } = await fixture();
    expect((await report(reporter, comment.id, { reason: 'spam' })).status).toBe(201);
    expect((await report(reporter, comment.id, { reason: 'spoiler' })).status).toBe(200);
    const rows = await reportsOf(comment.id);
    expect(rows.map((r) => r.reason)).toEqual(['spam']);
  });
});
