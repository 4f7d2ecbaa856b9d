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
  type Upload,
  type UploadKind,
} from '@otakura/shared';
import { fileUrl } from '../../lib/file-url';
import { toUserSummary } from '../../lib/user-summary';
import type { PostImageRow, PostRow, UploadRow } from './posts.repository';

const iso = (value: Date | string) =>
  (value instanceof Date ? value : new Date(value)).toISOString();

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
      id: row.community_id,
      name: row.community_name,
      imageUrl: fileUrl(row.community_thumbnail_key ?? row.community_image_key),
    },
    author: toUserSummary({
      id: row.author_id,
      name: row.author_name,
      username: row.author_username,
      displayUsername: row.author_display_username,
      profileImageKey: row.author_profile_image_key,
    }),
    images: images.map((img) => ({
      url: fileUrl(img.key)!,
      largeUrl: fileUrl(img.largeKey),
      width: img.width,
      height: img.height,
      placeholder: img.placeholder,
    })),
    video:
      type === POST_TYPES.video && row.video_key
        ? {
            url: fileUrl(row.video_key)!,
            thumbnailUrl: fileUrl(row.thumbnail_key),
            width: row.video_width,
            height: row.video_height,
          }
        : null,
    link:
      type === POST_TYPES.url && row.url
        ? {
            url: row.url,
            title: row.url_title,
            imageUrl: fileUrl(row.url_image_key),
            siteName: row.url_site_name,
          }
        : null,
    likeCount: Number(row.like_count),
    commentCount: Number(row.comment_count),
    likedByMe: Boolean(row.liked_by_me),
    createdAt: iso(row.created_at),
  };
}

export function toUpload(row: UploadRow): Upload {
  return {
    id: row.id,
    kind: row.kind as UploadKind,
    url: fileUrl(row.key)!,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    size: Number(row.size),
  };
}

export const toLikeState = (liked: boolean, likeCount: number): LikeState => ({ liked, likeCount });
