import { z } from 'zod';
import { groupThousands, isStorableText, safeText, UNSTORABLE_TEXT_MESSAGE } from '../common/text';
import { LIMITS, POST_TYPES } from '../common/limits';
import { pageOf } from '../common/page.schemas';
import { UserSummarySchema } from '../users/user-summary.schemas';
import { SpoilerTagInputSchema, SpoilerTagSchema } from './spoiler.schemas';

export const PostTypeSchema = z.union([
  z.literal(POST_TYPES.text),
  z.literal(POST_TYPES.image),
  z.literal(POST_TYPES.video),
  z.literal(POST_TYPES.gif),
  z.literal(POST_TYPES.url),
]);

/** One stored file of an image, for `srcset`: the browser picks by type and width. */
export const ImageSourceSchema = z.object({
  url: z.string(),
  /** The file's real width in px (never more than the original's). */
  width: z.number().int(),
  type: z.enum(['image/avif', 'image/webp']),
});
export type ImageSource = z.infer<typeof ImageSourceSchema>;

export const PostImageSchema = z.object({
  /** The 640 px WebP (smaller when the original is). */
  url: z.string(),
  /** Larger variant for the modal, or null when the original is small. */
  largeUrl: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  /** `#rrggbb`, the average colour: the card's background until the image has loaded. */
  placeholder: z.string().nullable(),
  /**
   * Every variant, WebP and AVIF, smallest first per type (the server always sends it; images
   * stored before AVIF list their WebP files only). Optional for clients of the older contract.
   */
  sources: z.array(ImageSourceSchema).optional(),
});
export type PostImage = z.infer<typeof PostImageSchema>;

/** A link's preview, fetched by the server (SSRF-guarded) and cached; every field but `url` may be null. */
export const LinkPreviewSchema = z.object({
  url: z.string(),
  title: z.string().nullable(),
  /** `/files/...` copy of the page's og:image. */
  imageUrl: z.string().nullable(),
  siteName: z.string().nullable(),
});
export type LinkPreview = z.infer<typeof LinkPreviewSchema>;

/**
 * A link as people type it: `example.com/news` (no scheme) becomes `https://example.com/news`.
 * A scheme that is there is kept (and must then be http or https); `host:8080` is a port, not one.
 */
export function withHttpScheme(value: string): string {
  const v = value.trim();
  if (v === '' || /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(v)) return v;
  return v.startsWith('//') ? `https:${v}` : `https://${v}`;
}

export const LINK_CREDENTIALS_MESSAGE =
  'This link contains a user name or password. Remove them from the link and try again.';

/** False for `https://user:pass@host/` (or `user@host`): such a link is never fetched, stored or shown. */
function hasNoCredentials(value: string): boolean {
  try {
    const u = new URL(value);
    return u.username === '' && u.password === '';
  } catch {
    return true; // the url rule before this one reports what is wrong
  }
}

const HttpUrlSchema = z
  .string()
  .transform(withHttpScheme)
  .pipe(
    z
      .url({ protocol: /^https?$/, message: 'Please enter a valid http(s) link.' })
      .max(2048)
      .refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE })
      .refine(hasNoCredentials, { message: LINK_CREDENTIALS_MESSAGE }),
  );

export const PostSchema = z.object({
  id: z.string(),
  /** 0 text, 1 image, 2 video, 4 gif, 5 url (spec §3). */
  type: PostTypeSchema,
  title: z.string(),
  body: z.string().nullable(),
  nsfw: z.boolean(),
  spoiler: z.boolean(),
  community: z.object({ id: z.string(), name: z.string(), imageUrl: z.string().nullable() }),
  author: UserSummarySchema,
  /** Up to five, in order. */
  images: z.array(PostImageSchema),
  /** Type 2: the video as uploaded (MP4/WebM), its thumbnail (640 px WebP) and the thumbnail's size in px. */
  video: z
    .object({
      url: z.string(),
      thumbnailUrl: z.string().nullable(),
      width: z.number().int().nullable(),
      height: z.number().int().nullable(),
    })
    .nullable(),
  /** Type 5: the link and its preview (the image is a copy on our server, never hot-linked). */
  link: LinkPreviewSchema.nullable(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  likedByMe: z.boolean(),
  createdAt: z.string(),
  /**
   * Spoiler shield (issue 12): the series and point the post spoils, as this viewer sees it; null
   * when untagged. While `covered`, `body` is null, `images` empty, `video` and `link` null: the
   * server sent none of them (POST /api/posts/:id/reveal answers the post uncovered). The server
   * always sends it; optional for clients of the older contract.
   */
  spoilerTag: SpoilerTagSchema.nullable().optional(),
});
export type Post = z.infer<typeof PostSchema>;

export const PostPageSchema = pageOf(PostSchema);
export type PostPage = z.infer<typeof PostPageSchema>;

export const FeedTabSchema = z.enum(['following', 'all']);
export const FeedSortSchema = z.enum(['new', 'top']);

/**
 * GET /api/feed. `following`: posts of the communities the user follows, of the users they
 * follow, and their own; `all`: every post. `new`: newest first; `top`: most liked first
 * (ties newest first). `cursor` is the previous page's opaque `nextCursor` (keyset: no
 * duplicates or gaps while new posts arrive); a cursor of another sort is refused (400).
 */
export const ListFeedQuerySchema = z.object({
  tab: FeedTabSchema.default('following'),
  sort: FeedSortSchema.default('new'),
  cursor: safeText().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
});
export type ListFeedQuery = z.infer<typeof ListFeedQuerySchema>;

/** GET /api/communities/:communityId/posts and GET /api/users/:userId/posts: the same pages, one source. */
export const ListPostsQuerySchema = ListFeedQuerySchema.omit({ tab: true });
export type ListPostsQuery = z.infer<typeof ListPostsQuerySchema>;

/** GET /api/link-preview?url= (the composer's preview). A page that cannot be read answers nulls, not an error. */
export const LinkPreviewQuerySchema = z.object({ url: HttpUrlSchema });
export type LinkPreviewQuery = z.infer<typeof LinkPreviewQuerySchema>;

const flag = z.union([z.literal(0), z.literal(1)]).default(0);

/** Title 1–999 characters (the input allows 1000; spec §5). */
export const PostTitleSchema = safeText()
  .trim()
  .min(1, 'Please give your post a title.')
  .max(LIMITS.titleValidMax, `Title must be at most ${LIMITS.titleValidMax} characters.`);

export const CreatePostInputSchema = z
  .object({
    title: PostTitleSchema,
    communityId: z
      .string({ message: 'Please choose a community.' })
      .uuid({ message: 'Please choose a community.' }),
    body: safeText()
      .max(LIMITS.bodyMax, `Text must be at most ${groupThousands(LIMITS.bodyMax)} characters.`)
      .optional(),
    spoiler: flag,
    nsfw: flag,
    /**
     * Media tab: ids from POST /api/uploads — up to five images (type 1; a gif among them is one
     * of the images), or one gif alone (type 4), or one video (type 2) plus `thumbnailUploadId`,
     * an image. Each upload is the caller's and used by one post only.
     */
    uploadIds: z
      .array(z.string().uuid())
      .max(LIMITS.imagesPerPost, 'You can select up to 5 files only.')
      .optional(),
    thumbnailUploadId: z.string().uuid().optional(),
    /** Url tab. */
    url: HttpUrlSchema.optional(),
    /** Spoiler shield: the series and point the post spoils (checked against the library). */
    spoilerTag: SpoilerTagInputSchema.optional(),
  })
  .refine((p) => !(p.url && p.uploadIds?.length), {
    message: 'A post has either files or a link, not both.',
    path: ['url'],
  });
export type CreatePostInput = z.infer<typeof CreatePostInputSchema>;
