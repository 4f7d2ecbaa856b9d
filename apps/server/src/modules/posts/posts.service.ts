/**
 * Posts: create (the server decides the type), read, delete (author only), like.
 * Rules, access checks and transactions live here; queries in posts.repository,
 * wire shapes in posts.mapper. Live events are published after the commit.
 */
import {
  liveTopics,
  POST_TYPES,
  type CreatePostInput,
  type FieldIssue,
  type LikeState,
  type LiveEvent,
  type Post,
  type PostType,
} from '@otakura/shared';
import { runInTransaction, sqlState, type Db } from '../../db/client';
import { AppError, conflict, forbidden, notFound, validationError } from '../../lib/errors';
import { isId, newId } from '../../lib/ids';
import type { Storage } from '../../storage/storage';
import type { LiveBus } from '../live/live-bus';
import type { LinkPreviewData } from '../link-previews/link-previews.service';
import { notificationExcerpt, type Notifier } from '../notifications/notifications.service';
import { checkSpoilerTag } from '../media/media-progress.service';
import { hasBlocked } from '../settings/settings.service';
import { deleteUploadKeys } from '../uploads/upload.service';
import { toLikeState, toPost } from './posts.mapper';
import { enforceNewAccountLimits } from './new-account-limits';
import * as repo from './posts.repository';

export interface PostsDeps {
  db: Db;
  storage: Storage;
  live: LiveBus;
  /** fetchLinkPreview bound to the app (SSRF-guarded, cached). */
  linkPreview: (url: string) => Promise<LinkPreviewData>;
  log?: { warn(obj: object, msg: string): void };
  /** Tells the author about a new like (issue 09). */
  notifier?: Notifier;
  /** Posts an account younger than a day may create per hour (config; default 5). */
  newAccountPostsPerHour?: number;
}

export const POST_MESSAGES = {
  chooseCommunity: 'Please choose a community.',
  uploadNotFound: 'That file was not found. Upload it again.',
  duplicateUpload: 'The same file is listed twice.',
  videoNeedsThumbnail: 'A video needs a thumbnail.',
  videoAlone: 'A video post has one video (and its thumbnail), nothing else.',
  thumbnailNotImage: 'The thumbnail must be an image.',
  thumbnailWithoutVideo: 'Only a video post has a thumbnail.',
  notYourPost: 'You can only delete your own posts.',
} as const;

const postNotFound = () => notFound('post_not_found');
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * A post as `viewerId` sees it; 404 `post_not_found` for unknown, malformed or deleted ids.
 * The spoiler shield covers it when the viewer has not reached its tag (decided in the query);
 * `reveal` reads it past the shield (POST /api/posts/:id/reveal: not remembered).
 */
export async function getPost(
  db: Db,
  postId: string,
  viewerId: string,
  options: { reveal?: boolean } = {},
): Promise<Post> {
  if (!isId(postId)) throw postNotFound();
  const row = await repo.findPostRow(db, postId, viewerId, options);
  if (!row) throw postNotFound();
  // Only image and GIF posts have image rows (as in feed pages): the others need no second
  // statement, and neither does a post the shield covers (its images are not sent).
  if ((row.type !== POST_TYPES.image && row.type !== POST_TYPES.gif) || row.spoilerCovered)
    return toPost(row);
  const images = await repo.findImages(db, [row.id]);
  return toPost(row, images.get(row.id));
}

/**
 * The post uncovered for this viewer (they chose to read the spoiler). The same visibility as
 * reading it (unknown, malformed or deleted: 404), and a post by someone the viewer blocked stays
 * hidden (404); nothing is stored, the client keeps it.
 */
export async function revealPost(db: Db, postId: string, viewerId: string): Promise<Post> {
  const post = await getPost(db, postId, viewerId, { reveal: true });
  // A post by someone the viewer blocked is hidden from them everywhere it is listed.
  if (await hasBlocked(db, viewerId, post.author.id)) throw postNotFound();
  return post;
}

interface PlannedMedia {
  type: PostType;
  /** Every upload the post claims (images/gif/video and the thumbnail). */
  claim: string[];
  images: repo.UploadRow[];
  video?: repo.UploadRow;
  thumbnail?: repo.UploadRow;
}

/**
 * Decides the post type from what the uploads really are (never from the client):
 * a link → 5; no files → 0; one GIF alone → 4; one to five images (GIFs among
 * several images are shown as images) → 1; exactly one video plus a thumbnail image → 2.
 * Every upload must be the caller's and unused.
 */
async function planMedia(db: Db, userId: string, input: CreatePostInput): Promise<PlannedMedia> {
  const ids = input.uploadIds ?? [];
  const thumbId = input.thumbnailUploadId;
  if (input.url) {
    if (thumbId)
      throw validationError([
        { path: 'thumbnailUploadId', message: POST_MESSAGES.thumbnailWithoutVideo },
      ]);
    return { type: POST_TYPES.url, claim: [], images: [] };
  }
  const all = thumbId ? [...ids, thumbId] : ids;
  if (new Set(all).size !== all.length)
    throw validationError([{ path: 'uploadIds', message: POST_MESSAGES.duplicateUpload }]);

  const found = new Map((await repo.findUploads(db, all)).map((u) => [u.id, u]));
  const issues: FieldIssue[] = [];
  const pathOf = (id: string) =>
    id === thumbId ? 'thumbnailUploadId' : `uploadIds.${ids.indexOf(id)}`;
  for (const id of all) {
    const row = found.get(id);
    // Someone else's upload answers like a missing one: ids of others' files reveal nothing.
    if (!row || row.userId !== userId)
      issues.push({ path: pathOf(id), message: POST_MESSAGES.uploadNotFound });
  }
  if (issues.length) throw validationError(issues, issues[0]!.message);
  if (all.some((id) => found.get(id)!.postId)) throw conflict('upload_already_used');

  const files = ids.map((id) => found.get(id)!);
  const thumbnail = thumbId ? found.get(thumbId) : undefined;
  const videos = files.filter((f) => f.kind === 'video');
  if (videos.length) {
    if (files.length !== 1)
      throw validationError([{ path: 'uploadIds', message: POST_MESSAGES.videoAlone }]);
    if (!thumbnail)
      throw validationError([
        { path: 'thumbnailUploadId', message: POST_MESSAGES.videoNeedsThumbnail },
      ]);
    if (thumbnail.kind === 'video')
      throw validationError([
        { path: 'thumbnailUploadId', message: POST_MESSAGES.thumbnailNotImage },
      ]);
    return { type: POST_TYPES.video, claim: all, images: [], video: videos[0], thumbnail };
  }
  if (thumbnail)
    throw validationError([
      { path: 'thumbnailUploadId', message: POST_MESSAGES.thumbnailWithoutVideo },
    ]);
  if (!files.length) return { type: POST_TYPES.text, claim: [], images: [] };
  const type = files.length === 1 && files[0]!.kind === 'gif' ? POST_TYPES.gif : POST_TYPES.image;
  return { type, claim: all, images: files };
}

async function previewOf(deps: PostsDeps, url: string): Promise<LinkPreviewData> {
  try {
    return await deps.linkPreview(url);
  } catch (err) {
    // Spec §7: link preview failures are silently ignored; the post goes without a preview.
    deps.log?.warn({ err, url }, 'link preview failed');
    return { url, title: null, description: null, siteName: null, imageKey: null };
  }
}

/**
 * Writes a post for `userId`. Validates the community (400 naming `communityId`), the
 * spoiler tag (400 naming its field: see checkSpoilerTag) and the uploads (see planMedia), fetches a link's preview before the transaction, then in
 * ONE transaction inserts the post and its images, claims the uploads (409 if another
 * post took one meanwhile) and moves the author's and the community's post counts.
 * Publishes `post.created` after the commit.
 */
export async function createPost(
  deps: PostsDeps,
  userId: string,
  input: CreatePostInput,
): Promise<Post> {
  const chooseCommunity = () =>
    validationError(
      [{ path: 'communityId', message: POST_MESSAGES.chooseCommunity }],
      POST_MESSAGES.chooseCommunity,
    );
  const postsPerHour = deps.newAccountPostsPerHour ?? 5;
  // Before anything else (a refused link is never fetched for its preview).
  await enforceNewAccountLimits(deps.db, userId, input, postsPerHour);
  if (!(await repo.communityExists(deps.db, input.communityId))) throw chooseCommunity();
  if (input.spoilerTag) await checkSpoilerTag(deps.db, input.spoilerTag);
  const media = await planMedia(deps.db, userId, input);
  const preview = input.url ? await previewOf(deps, input.url) : undefined;

  const postId = newId();
  const values: repo.NewPost = {
    id: postId,
    userId,
    communityId: input.communityId,
    type: media.type,
    title: input.title,
    body: input.body ?? '',
    nsfw: input.nsfw === 1,
    spoiler: input.spoiler === 1,
    spoilerMediaId: input.spoilerTag?.mediaId ?? null,
    spoilerUnit: input.spoilerTag?.unit ?? null,
    spoilerNumber: input.spoilerTag?.number ?? null,
  };
  if (preview) {
    Object.assign(values, {
      url: preview.url,
      urlTitle: preview.title,
      urlImageKey: preview.imageKey,
      urlSiteName: preview.siteName,
    });
  }
  if (media.video && media.thumbnail) {
    Object.assign(values, {
      videoKey: media.video.key,
      thumbnailKey: media.thumbnail.key,
      videoWidth: media.thumbnail.width,
      videoHeight: media.thumbnail.height,
    });
  }

  try {
    await runInTransaction(deps.db, async (tx) => {
      // Again under the author's row lock: parallel posts of a new account count one by one.
      await enforceNewAccountLimits(tx, userId, input, postsPerHour, { lock: true });
      await repo.insertPost(tx, values);
      if (media.claim.length) {
        const claimed = await repo.claimUploads(tx, userId, postId, media.claim);
        if (claimed !== media.claim.length) throw conflict('upload_already_used');
      }
      await repo.insertImages(
        tx,
        media.images.map((img, position) => ({
          postId,
          position,
          key: img.key,
          largeKey: img.largeKey,
          variants: img.variants,
          width: img.width!,
          height: img.height!,
          placeholder: img.placeholder,
        })),
      );
      await repo.bumpPostCounts(tx, userId, input.communityId, 1);
    });
  } catch (err) {
    // The community was deleted between the check and the insert.
    if (!(err instanceof AppError) && sqlState(err) === FOREIGN_KEY_VIOLATION)
      throw chooseCommunity();
    throw err;
  }

  await publish(
    deps.live,
    [liveTopics.feed, liveTopics.community(input.communityId), liveTopics.profile(userId)],
    (topic) => ({
      type: 'post.created',
      topic,
      postId,
      communityId: input.communityId,
      authorId: userId,
    }),
  );
  return getPost(deps.db, postId, userId);
}

/**
 * Deletes a post of `userId`: 404 when there is none, 403 when it is someone else's
 * (nothing changes). In one transaction the post is soft-deleted, its image rows and
 * uploads removed and the author's and community's post counts lowered; the files are
 * deleted from storage after the commit. Publishes `post.deleted`.
 */
export async function deletePost(deps: PostsDeps, userId: string, postId: string): Promise<void> {
  if (!isId(postId)) throw postNotFound();
  const head = await repo.findPostHead(deps.db, postId);
  if (!head || head.deletedAt) throw postNotFound();
  if (head.userId !== userId) throw forbidden('forbidden', POST_MESSAGES.notYourPost);

  const removed = await runInTransaction(deps.db, async (tx) => {
    const done = await removePostInTransaction(tx, postId);
    if (!done) throw postNotFound();
    return done;
  });
  await finishPostRemoval(deps, removed);
}

/** What `removePostInTransaction` did, for `finishPostRemoval` after the commit. */
export interface RemovedPost {
  postId: string;
  userId: string;
  communityId: string;
  /** Storage keys of the post's uploads, deleted after the commit. */
  keys: string[];
}

/**
 * The writes of a post's deletion inside the caller's transaction (the author's delete, a
 * moderator's removal): soft-delete, image rows and uploads released, the author's and the
 * community's post counts lowered. Undefined when the post is unknown or deleted already.
 * Call `finishPostRemoval` after the commit.
 */
export async function removePostInTransaction(
  tx: Db,
  postId: string,
): Promise<RemovedPost | undefined> {
  const head = await repo.findPostHead(tx, postId);
  if (!head || head.deletedAt) return undefined;
  if (!(await repo.softDeletePost(tx, postId))) return undefined;
  const keys = await repo.releasePostUploads(tx, postId);
  await repo.bumpPostCounts(tx, head.userId, head.communityId, -1);
  return { postId, userId: head.userId, communityId: head.communityId, keys };
}

/** After a removal committed: deletes the files and publishes `post.deleted` everywhere it showed. */
export async function finishPostRemoval(
  deps: Pick<PostsDeps, 'storage' | 'live'>,
  removed: RemovedPost,
): Promise<void> {
  await deleteUploadKeys(deps.storage, removed.keys);
  await publish(
    deps.live,
    [
      liveTopics.feed,
      liveTopics.post(removed.postId),
      liveTopics.community(removed.communityId),
      liveTopics.profile(removed.userId),
    ],
    (topic) => ({
      type: 'post.deleted',
      topic,
      postId: removed.postId,
    }),
  );
}

/**
 * Likes (`like`) or unlikes a visible post. The like is a (user, post) row; the counter
 * moves in the same transaction and only when the row really was inserted or deleted,
 * so like_count always equals the rows, however many requests race. Idempotent.
 */
export async function setLike(
  deps: PostsDeps,
  userId: string,
  postId: string,
  like: boolean,
): Promise<LikeState> {
  if (!isId(postId)) throw postNotFound();
  const head = await repo.findPostHead(deps.db, postId);
  if (!head || head.deletedAt) throw postNotFound();

  let result: { changed: boolean; likeCount: number };
  try {
    result = await runInTransaction(deps.db, async (tx) => {
      const changed = like
        ? await repo.insertLike(tx, userId, postId)
        : await repo.deleteLike(tx, userId, postId);
      const likeCount = await repo.moveLikeCount(tx, postId, changed ? (like ? 1 : -1) : 0);
      // Deleted meanwhile: roll the like back with the answer.
      if (likeCount === null) throw postNotFound();
      return { changed, likeCount };
    });
  } catch (err) {
    if (!(err instanceof AppError) && sqlState(err) === FOREIGN_KEY_VIOLATION) throw postNotFound();
    throw err;
  }
  if (result.changed) {
    // Only to the post's topic: open cards, modals and pages subscribe to post:{id}.
    await publish(deps.live, [liveTopics.post(postId)], (topic) => ({
      type: 'post.liked',
      topic,
      postId,
      likeCount: result.likeCount,
      actorId: userId,
    }));
    if (like) {
      await deps.notifier?.notify({
        recipientId: head.userId,
        type: 'like',
        subtype: 'post',
        actorId: userId,
        groupKey: `like:post:${postId}`,
        targetType: 'post',
        targetId: postId,
        link: `/post/${postId}`,
        excerpt: notificationExcerpt(head.title),
      });
    }
  }
  return toLikeState(like, result.likeCount);
}

async function publish(
  live: LiveBus,
  topics: string[],
  make: (topic: string) => LiveEvent,
): Promise<void> {
  await Promise.all(topics.map((topic) => live.publish(make(topic)).catch(() => undefined)));
}
