/** The one place that decides which comment fields leave the server. */
import type { Comment, CommentPin, SpoilerTag } from '@otakura/shared';
import { fileUrl } from '../../lib/file-url';
import { displayName } from '../../lib/user-summary';
import type { CommentView } from './comments.repository';

export function toComment(row: CommentView): Comment {
  const replyingTo = row.replyingDisplayUsername ?? row.replyingUsername ?? null;
  return {
    id: row.id,
    postId: row.postId,
    mediaId: row.mediaId,
    author: {
      id: row.authorId,
      username: displayName({
        username: row.authorUsername,
        displayUsername: row.authorDisplayUsername,
      }),
      name: row.authorName,
      avatarUrl: fileUrl(row.authorImageKey),
    },
    body: row.body,
    likeCount: row.likeCount,
    likedByMe: Boolean(row.likedByMe),
    // The answered account may have been deleted since (the reference is then null).
    replyTo: row.replyToId ? { id: row.replyToId, username: replyingTo ?? 'deleted' } : null,
    deleted: row.deletedAt !== null,
    edited: row.editedAt !== null,
    reportedByMe: Boolean(row.reportedByMe),
    createdAt: row.createdAt.toISOString(),
    pin: toCommentPin(row),
    spoilerTag: toCommentSpoilerTag(row),
  };
}

/** Where the comment is pinned (docs/moments.md), or null. */
function toCommentPin(row: CommentView): CommentPin | null {
  const covered = Boolean(row.pinCovered);
  if (row.episodeId) {
    return {
      kind: 'episode',
      episodeId: row.episodeId,
      episodeNumber: Number(row.pinEpisodeNumber),
      atSeconds: row.atSeconds,
      covered,
    };
  }
  if (row.issueId) {
    return {
      kind: 'issue',
      issueId: row.issueId,
      issueNumber: Number(row.pinIssueNumber),
      volumeNumber: row.pinVolumeNumber === null ? null : Number(row.pinVolumeNumber),
      page: row.page,
      covered,
    };
  }
  return null;
}

/** The spoiler tag as the viewer sees it (docs/spoiler-shield.md), or null when untagged. */
function toCommentSpoilerTag(row: CommentView): SpoilerTag | null {
  if (!row.spoilerMediaId || !row.spoilerUnit || row.spoilerNumber === null) return null;
  return {
    mediaId: row.spoilerMediaId,
    mediaTitle: row.spoilerMediaTitle ?? '',
    unit: row.spoilerUnit,
    number: row.spoilerNumber,
    covered: Boolean(row.spoilerCovered),
    viewerAt: Number(row.spoilerViewerAt ?? 0),
  };
}
