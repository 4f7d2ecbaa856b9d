// A person's profile and the signed-in user: what every signed-in page's shell needs, apart from
// the account's inputs (users.schemas.ts) and the data export (account-export.schemas.ts).
import { z } from 'zod';
import { UserSummarySchema } from './user-summary.schemas';

export const PublicProfileSchema = UserSummarySchema.extend({
  /** The profile description; the web shows 'No Description Yet' when null. */
  bio: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  postCount: z.number().int(),
  followerCount: z.number().int(),
  followingCount: z.number().int(),
  /** Whether the signed-in viewer follows this user. */
  isFollowing: z.boolean(),
  isSelf: z.boolean(),
  createdAt: z.string(),
});
export type PublicProfile = z.infer<typeof PublicProfileSchema>;

export const RequiredDetailSchema = z.enum(['birthday', 'profileImage', 'bannerImage', 'bio']);
export type RequiredDetail = z.infer<typeof RequiredDetailSchema>;

/** The signed-in user, as they see themselves. */
export const MeSchema = PublicProfileSchema.extend({
  email: z.string(),
  emailVerified: z.boolean(),
  phone: z.string().nullable(),
  /** As entered, 'month dd, yyyy', or null while not set. */
  birthday: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  role: z.enum(['user', 'moderator', 'admin']),
  nsfwOptIn: z.boolean(),
  /** Details still missing; while non-empty the required-details screen replaces the feed. */
  requiredDetailsMissing: z.array(RequiredDetailSchema),
});
export type Me = z.infer<typeof MeSchema>;

export const FollowStateSchema = z.object({
  following: z.boolean(),
  followerCount: z.number().int(),
});
export type FollowState = z.infer<typeof FollowStateSchema>;
