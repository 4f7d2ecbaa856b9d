/**
 * The one place that decides which post fields leave the server: storage keys become
 * `/files/<key>` URLs, authors become UserSummary, communities a small summary.
 * Nothing else of a row (owner ids of files, deletion state, raw keys) is sent.
 */
import {
  POST_TYPES,
  type LikeState,
  type Post,
  type PostType,
  type SpoilerTag,
} from '@otakura/shared';
import { fileUrl } from '../../lib/file-url';
import { toUserSummary } from '../../lib/user-summary';
import { toImageSources } from '../../storage/image-files';
import type { PostImageRow, PostRow } from './posts.repository';

/**
 * The spoiler tag as the viewer sees it, from the columns the shield's SQL decided; null when
 * untagged. A covered row's hidden columns are already null (posts.repository `postSelect`).
 */
export function toSpoilerTag(row: {
  spoilerMediaId: string | null;
  spoilerUnit: SpoilerTag['unit'] | null;
  spoilerNumber: number | null;
  spoilerMediaTitle: string | null;
  spoilerViewerAt: number | null;
  spoilerCovered: boolean;
}): SpoilerTag | null {
  if (!row.spoilerMediaId || !row.spoilerUnit || row.spoilerNumber === null) return null;
  return {
    mediaId: row.spoilerMediaId,
    mediaTitle: row.spoilerMediaTitle ?? '',
    unit: row.spoilerUnit,
    number: row.spoilerNumber,
    covered: row.spoilerCovered,
    viewerAt: row.spoilerViewerAt ?? 0,
  };
}

export function toPost(row: PostRow, images: PostImageRow[] = []): Post {
  const type = row.type as PostType;
  // Belt and braces: a covered post never carries its images, whatever the caller read.
  const shown = row.spoilerCovered ? [] : images;
  return {
    id: row.id,
    type,
    title: row.title,
    body: row.body ? row.body : null,
    nsfw: row.nsfw,
    spoiler: row.spoiler,
    community: {
      id: row.communityId,
      name: row.communityName,
      imageUrl: fileUrl(row.communityThumbnailKey ?? row.communityImageKey),
    },
    author: toUserSummary({
      id: row.authorId,
      name: row.authorName,
      username: row.authorUsername,
      displayUsername: row.authorDisplayUsername,
      profileImageKey: row.authorProfileImageKey,
    }),
    images: shown.map((img) => ({
      url: fileUrl(img.key)!,
      largeUrl: fileUrl(img.largeKey),
      width: img.width,
      height: img.height,
      placeholder: img.placeholder,
      sources: toImageSources(img),
    })),
    video:
      type === POST_TYPES.video && row.videoKey
        ? {
            url: fileUrl(row.videoKey)!,
            thumbnailUrl: fileUrl(row.thumbnailKey),
            width: row.videoWidth,
            height: row.videoHeight,
          }
        : null,
    link:
      type === POST_TYPES.url && row.url
        ? {
            url: row.url,
            title: row.urlTitle,
            imageUrl: fileUrl(row.urlImageKey),
            siteName: row.urlSiteName,
          }
        : null,
    likeCount: row.likeCount,
    commentCount: row.commentCount,
    likedByMe: row.likedByMe,
    createdAt: row.createdAt.toISOString(),
    spoilerTag: toSpoilerTag(row),
  };
}

export const toLikeState = (liked: boolean, likeCount: number): LikeState => ({ liked, likeCount });
