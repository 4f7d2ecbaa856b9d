/**
 * The one place that decides which post fields leave the server: storage keys become
 * `/files/<key>` URLs, authors become UserSummary, communities a small summary.
 * Nothing else of a row (owner ids of files, deletion state, raw keys) is sent.
 */
import { POST_TYPES, type LikeState, type Post, type PostType } from '@otakura/shared';
import { fileUrl } from '../../lib/file-url';
import { toUserSummary } from '../../lib/user-summary';
import { toImageSources } from '../../storage/image-files';
import type { PostImageRow, PostRow } from './posts.repository';

export function toPost(row: PostRow, images: PostImageRow[] = []): Post {
  const type = row.type as PostType;
  return {
    id: row.id,
    type,
    title: row.title,
    body: row.body === '' ? null : row.body,
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
    images: images.map((img) => ({
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
  };
}

export const toLikeState = (liked: boolean, likeCount: number): LikeState => ({ liked, likeCount });
