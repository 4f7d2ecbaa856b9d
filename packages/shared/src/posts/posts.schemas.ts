import { z } from 'zod';
import { LIMITS, POST_TYPES } from '../common/limits';
import { pageOf } from '../common/page.schemas';
import { UserSummarySchema } from '../users/users.schemas';

export const PostTypeSchema = z.union([
  z.literal(POST_TYPES.text),
  z.literal(POST_TYPES.image),
  z.literal(POST_TYPES.video),
  z.literal(POST_TYPES.gif),
  z.literal(POST_TYPES.url),
]);

export const PostImageSchema = z.object({
  url: z.string(),
  /** Larger variant for the modal, or null when the original is small. */
  largeUrl: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  placeholder: z.string().nullable(),
});
export type PostImage = z.infer<typeof PostImageSchema>;

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
  video: z
    .object({ url: z.string(), thumbnailUrl: z.string().nullable(), width: z.number().int().nullable(), height: z.number().int().nullable() })
    .nullable(),
  link: z
    .object({ url: z.string(), title: z.string().nullable(), imageUrl: z.string().nullable(), siteName: z.string().nullable() })
    .nullable(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  likedByMe: z.boolean(),
  createdAt: z.string(),
});
export type Post = z.infer<typeof PostSchema>;

export const PostPageSchema = pageOf(PostSchema);
export type PostPage = z.infer<typeof PostPageSchema>;

export const FeedTabSchema = z.enum(['following', 'all']);
export const FeedSortSchema = z.enum(['new', 'top']);

export const ListFeedQuerySchema = z.object({
  tab: FeedTabSchema.default('following'),
  sort: FeedSortSchema.default('new'),
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
});
export type ListFeedQuery = z.infer<typeof ListFeedQuerySchema>;

const flag = z.union([z.literal(0), z.literal(1)]).default(0);

/** Title 1–999 characters (the input allows 1000; spec §5). */
export const PostTitleSchema = z
  .string()
  .trim()
  .min(1, 'Please give your post a title.')
  .max(LIMITS.titleValidMax, `Title must be at most ${LIMITS.titleValidMax} characters.`);

export const CreatePostInputSchema = z
  .object({
    title: PostTitleSchema,
    communityId: z.string().uuid({ message: 'Please choose a community.' }),
    body: z.string().max(LIMITS.bodyMax, `Text must be at most ${LIMITS.bodyMax.toLocaleString('en-US')} characters.`).optional(),
    spoiler: flag,
    nsfw: flag,
    /** Media tab: ids from POST /api/uploads — up to five images, or one gif, or one video plus its thumbnail image. */
    uploadIds: z.array(z.string().uuid()).max(LIMITS.imagesPerPost, 'You can select up to 5 files only.').optional(),
    thumbnailUploadId: z.string().uuid().optional(),
    /** Url tab. */
    url: z.url({ protocol: /^https?$/, message: 'Please enter a valid http(s) link.' }).max(2048).optional(),
  })
  .refine((p) => !(p.url && p.uploadIds?.length), { message: 'A post has either files or a link, not both.', path: ['url'] });
export type CreatePostInput = z.infer<typeof CreatePostInputSchema>;
