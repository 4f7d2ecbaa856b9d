import { z } from 'zod';
import { OrderSchema } from '../shop/orders.schemas';

const ExportPersonSchema = z.object({
  userId: z.string(),
  username: z.string(),
  since: z.string(),
});

/**
 * "Download my data": everything held about the user, as the privacy policy promises.
 * Never password hashes, session tokens, OAuth tokens or two-factor secrets.
 */
export const AccountExportSchema = z.object({
  exportedAt: z.string(),
  profile: z.object({
    id: z.string(),
    name: z.string(),
    username: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    bio: z.string().nullable(),
    birthday: z.string().nullable(),
    phone: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    bannerUrl: z.string().nullable(),
    role: z.string(),
    nsfwOptIn: z.boolean(),
    twoFactorEnabled: z.boolean(),
    eulaAcceptedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  /** Null while the user never changed a setting (defaults apply). */
  settings: z.record(z.string(), z.unknown()).nullable(),
  /** Sign-in methods (e.g. `credential`), without any secret. */
  signInMethods: z.array(z.object({ provider: z.string(), createdAt: z.string() })),
  sessions: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      expiresAt: z.string(),
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  posts: z.array(
    z.object({
      id: z.string(),
      communityId: z.string(),
      type: z.number().int(),
      title: z.string(),
      body: z.string(),
      url: z.string().nullable(),
      nsfw: z.boolean(),
      spoiler: z.boolean(),
      imageUrls: z.array(z.string()),
      videoUrl: z.string().nullable(),
      likeCount: z.number().int(),
      commentCount: z.number().int(),
      createdAt: z.string(),
      deletedAt: z.string().nullable(),
    }),
  ),
  comments: z.array(
    z.object({
      id: z.string(),
      postId: z.string().nullable(),
      mediaId: z.string().nullable(),
      replyToId: z.string().nullable(),
      body: z.string(),
      likeCount: z.number().int(),
      createdAt: z.string(),
      editedAt: z.string().nullable(),
    }),
  ),
  likes: z.object({
    posts: z.array(z.object({ postId: z.string(), createdAt: z.string() })),
    comments: z.array(z.object({ commentId: z.string(), createdAt: z.string() })),
    media: z.array(z.object({ mediaId: z.string(), createdAt: z.string() })),
    shopItems: z.array(z.object({ itemId: z.string(), createdAt: z.string() })),
  }),
  following: z.array(ExportPersonSchema),
  followers: z.array(ExportPersonSchema),
  blocked: z.array(ExportPersonSchema),
  memberships: z.array(z.object({ communityId: z.string(), name: z.string(), since: z.string() })),
  shopItems: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      about: z.string(),
      priceCents: z.number().int(),
      quantity: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  /** Every order bought, newest first, in the shape of `GET /api/orders` (no payment secrets). */
  orders: z.array(OrderSchema),
  reports: z.array(
    z.object({
      commentId: z.string(),
      commentText: z.string(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  mediaViews: z.array(
    z.object({ mediaId: z.string(), episodeId: z.string().nullable(), createdAt: z.string() }),
  ),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;
