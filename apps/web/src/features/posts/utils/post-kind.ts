import { POST_TYPES, type Post, type UploadKind } from '@otakura/shared';

export type PostKindKey = 'text' | 'image' | 'video' | 'gif' | 'url';

/** The i18n key part of a post's type code (spec §3). */
export function postKindKey(post: Pick<Post, 'type'>): PostKindKey {
  switch (post.type) {
    case POST_TYPES.image:
      return 'image';
    case POST_TYPES.video:
      return 'video';
    case POST_TYPES.gif:
      return 'gif';
    case POST_TYPES.url:
      return 'url';
    default:
      return 'text';
  }
}

/** What a picked file looks like before the server reads its bytes (the server decides in the end). */
export function guessUploadKind(file: Pick<File, 'type' | 'name'>): UploadKind | null {
  const type = file.type.toLowerCase();
  if (type === 'image/gif') return 'gif';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  return null;
}

/** `example.com` from a URL, for chips; the URL itself when it does not parse. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}
