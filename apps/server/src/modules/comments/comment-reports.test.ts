import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CommentPageSchema,
  CommentReportPageSchema,
  CommentReportSchema,
  DELETED_COMMENT_TEXT,
  REPORT_SUCCESS_MESSAGE,
} from '@otakura/shared';
import { comments, reports } from '../../db/schema';
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

describe('the moderation queue', () => {
  it('is for moderators and admins only', async () => {
    const user = await createUser(t);
    await expectError(await user.http('/api/moderation/reports'), 403, 'forbidden');
    await expectError(
      await user.http(`/api/moderation/reports/${newId()}/resolve`, {
        method: 'POST',
        json: { action: 'dismiss' },
      }),
      403,
      'forbidden',
    );
    await expectError(await withCookie(t, '')('/api/moderation/reports'), 401, 'unauthorized');
  });

  it('lists open reports newest first, dismisses one, and deletes a comment resolving all its reports', async () => {
    const moderator = await createUser(t, { role: 'moderator' });
    const admin = await createUser(t, { role: 'admin' });
    const author = await createUser(t);
    const r1 = await createUser(t);
    const r2 = await createUser(t);
    const post = await createPost(t, { userId: author.user.id });
    const mild = await createComment(t, { userId: author.user.id, postId: post.id, body: 'mild' });
    const bad = await createComment(t, { userId: author.user.id, postId: post.id, body: 'bad' });
    await report(r1, mild.id, { reason: 'spam' });
    await report(r1, bad.id, { reason: 'harassment' });
    await report(r2, bad.id, { reason: 'other', details: 'Keeps posting this everywhere' });

    const res = await moderator.http('/api/moderation/reports?status=open');
    expect(res.status).toBe(200);
    const open = CommentReportPageSchema.parse(await res.json()).items.filter(
      (r) => r.postId === post.id,
    );
    expect(open.map((r) => [r.comment.id, r.reporter.id])).toEqual([
      [bad.id, r2.user.id],
      [bad.id, r1.user.id],
      [mild.id, r1.user.id],
    ]);
    expect(open[0]).toMatchObject({
      commentText: 'bad',
      author: { id: author.user.id },
      status: 'open',
      reason: 'other',
      details: 'Keeps posting this everywhere',
    });
    expect(open.slice(1).map((r) => [r.reason, r.details])).toEqual([
      ['harassment', null],
      ['spam', null],
    ]);

    const mildReport = open[2]!;
    const dismissed = await moderator.http(`/api/moderation/reports/${mildReport.id}/resolve`, {
      method: 'POST',
      json: { action: 'dismiss' },
    });
    expect(dismissed.status).toBe(200);
    expect(CommentReportSchema.parse(await dismissed.json())).toMatchObject({
      status: 'dismissed',
      comment: { deleted: false },
    });
    await expectError(
      await moderator.http(`/api/moderation/reports/${mildReport.id}/resolve`, {
        method: 'POST',
        json: { action: 'dismiss' },
      }),
      409,
      'report_already_resolved',
    );

    const removed = await admin.http(`/api/moderation/reports/${open[0]!.id}/resolve`, {
      method: 'POST',
      json: { action: 'delete_comment' },
    });
    expect(removed.status).toBe(200);
    expect(CommentReportSchema.parse(await removed.json())).toMatchObject({
      status: 'resolved',
      commentText: 'bad',
      comment: { id: bad.id, deleted: true, body: DELETED_COMMENT_TEXT },
    });
    const [row] = await t.database.db.select().from(comments).where(eq(comments.id, bad.id));
    expect(row!.body).toBe(DELETED_COMMENT_TEXT);
    expect((await reportsOf(bad.id)).map((r) => r.status)).toEqual(['resolved', 'resolved']);

    const stillOpen = CommentReportPageSchema.parse(
      await (await moderator.http('/api/moderation/reports')).json(),
    );
    expect(stillOpen.items.filter((r) => r.postId === post.id)).toEqual([]);
    const resolved = CommentReportPageSchema.parse(
      await (await moderator.http('/api/moderation/reports?status=resolved')).json(),
    );
    expect(resolved.items.filter((r) => r.postId === post.id)).toHaveLength(2);

    await expectError(
      await moderator.http(`/api/moderation/reports/${newId()}/resolve`, {
        method: 'POST',
        json: { action: 'dismiss' },
      }),
      404,
      'report_not_found',
    );
    await expectError(
      await moderator.http(`/api/moderation/reports/${mildReport.id}/resolve`, {
        method: 'POST',
        json: { action: 'ban' },
      }),
      400,
      'validation_error',
    );
  });
});
