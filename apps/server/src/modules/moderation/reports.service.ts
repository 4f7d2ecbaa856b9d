/**
 * Reporting posts, users and shop items (docs/moderation.md, "Reporting"); comments are reported
 * through comments.service, into the same `reports` table. A report keeps the reporter, the
 * author, a snapshot of the text and where it was; one report per reporter per target.
 *
 * What the reporter may not see answers like a missing target (the module's 404), through each
 * module's own getter, so a hidden item, a deleted post or a suspended account is never
 * reportable and never confirmed to exist.
 */
import {
  REPORT_SUCCESS_MESSAGE,
  type ReportCommentInput,
  type ReportCommentResult,
  type ReportTargetType,
} from '@otakura/shared';
import type { Db } from '../../db/client';
import { forbidden } from '../../lib/errors';
import { getPost } from '../posts/posts.service';
import { getShopItem } from '../shop/shop.service';
import { getProfile } from '../users/users.service';
import { postText, shopItemText, userText } from './content-text';
import * as repo from './reports.repository';

export interface ReportsDeps {
  db: Db;
  /** The shop's currency (the item getter presents prices). */
  currency: string;
}

export interface ReportOutcome {
  /** True the first time (201); false when this user had reported it already (200). */
  created: boolean;
  result: ReportCommentResult;
}

/** The report's input as stored: details only explain 'other' (as with comments). */
function reasonOf(input: ReportCommentInput): {
  reason: ReportCommentInput['reason'];
  details: string | null;
} {
  return {
    reason: input.reason,
    details: input.reason === 'other' ? (input.details ?? null) : null,
  };
}

async function store(
  db: Db,
  values: Omit<repo.NewReport, 'reason' | 'details'>,
  input: ReportCommentInput,
): Promise<ReportOutcome> {
  const created = await repo.insertReport(db, { ...values, ...reasonOf(input) });
  return { created, result: { message: REPORT_SUCCESS_MESSAGE } };
}

const ownContent = () => forbidden('cannot_report_own_content');

/** Reports someone else's post (404 `post_not_found` when unknown, deleted or hidden from the viewer). */
export async function reportPost(
  deps: ReportsDeps,
  viewerId: string,
  postId: string,
  input: ReportCommentInput,
): Promise<ReportOutcome> {
  const post = await getPost(deps.db, postId, viewerId);
  if (post.author.id === viewerId) throw ownContent();
  return store(
    deps.db,
    {
      targetType: 'post',
      targetId: post.id,
      reporterId: viewerId,
      authorId: post.author.id,
      snapshot: postText(post),
      communityId: post.community.id,
      postId: post.id,
      mediaId: null,
    },
    input,
  );
}

/** Reports another account (404 `user_not_found` when unknown, the system account or suspended). */
export async function reportUser(
  deps: ReportsDeps,
  viewerId: string,
  userId: string,
  input: ReportCommentInput,
): Promise<ReportOutcome> {
  const profile = await getProfile(deps.db, viewerId, userId);
  if (profile.isSelf) throw ownContent();
  return store(
    deps.db,
    {
      targetType: 'user',
      targetId: profile.id,
      reporterId: viewerId,
      authorId: profile.id,
      snapshot: userText(profile),
      communityId: null,
      postId: null,
      mediaId: null,
    },
    input,
  );
}

/** Reports someone else's shop item (404 `shop_item_not_found` when unknown or hidden). */
export async function reportShopItem(
  deps: ReportsDeps,
  viewerId: string,
  itemId: string,
  input: ReportCommentInput,
): Promise<ReportOutcome> {
  const item = await getShopItem(deps, viewerId, itemId);
  if (item.seller.id === viewerId) throw ownContent();
  return store(
    deps.db,
    {
      targetType: 'shop_item',
      targetId: item.id,
      reporterId: viewerId,
      authorId: item.seller.id,
      snapshot: shopItemText(item),
      communityId: null,
      postId: null,
      mediaId: null,
    },
    input,
  );
}

/** The report routes other than comments', by target type. */
export const reporters: Record<
  Exclude<ReportTargetType, 'comment'>,
  (
    deps: ReportsDeps,
    viewerId: string,
    id: string,
    input: ReportCommentInput,
  ) => Promise<ReportOutcome>
> = {
  post: reportPost,
  user: reportUser,
  shop_item: reportShopItem,
};
