import { z } from 'zod';
import { safeText } from '../common/text';
import { LIMITS } from '../common/limits';
import { pageOf, PageQuerySchema } from '../common/page.schemas';
import { OrderSchema } from '../shop/orders.schemas';

/** Names nobody may take: routes, staff-sounding names, the system account. */
export const RESERVED_USERNAMES = new Set([
  'admin',
  'administrator',
  'root',
  'system',
  'support',
  'help',
  'moderator',
  'mod',
  'staff',
  'official',
  'otakura',
  'api',
  'feed',
  'media',
  'search',
  'shop',
  'cart',
  'profile',
  'login',
  'signup',
  'settings',
  'security',
  'privacy',
  'terms',
  'null',
  'undefined',
  'me',
  'you',
  'everyone',
  'anonymous',
  'deleted',
  'user',
  'users',
]);

export const UsernameSchema = z
  .string({ message: 'Please enter a username.' })
  .trim()
  .min(LIMITS.usernameMin, `Username must be at least ${LIMITS.usernameMin} characters.`)
  .max(LIMITS.usernameMax, `Username must be at most ${LIMITS.usernameMax} characters.`)
  .regex(/^[A-Za-z0-9_.]+$/, 'Username may only use letters, digits, _ and .')
  .refine(
    (u) => !RESERVED_USERNAMES.has(u.toLowerCase()),
    'That username is reserved. Please choose another.',
  );

export const FullNameSchema = safeText({ message: 'Please enter your full name.' })
  .trim()
  .min(1, 'Please enter your full name.')
  .max(80, 'Full name must be at most 80 characters.');

export const EmailSchema = z
  .string({ message: 'Please enter your email.' })
  .trim()
  .toLowerCase()
  .pipe(
    z.email({ message: 'Sorry, this is not a valid email. Please enter a valid email address.' }),
  );

export const PasswordSchema = z
  .string({ message: 'Please enter a password.' })
  .min(8, 'Password must be at least 8 characters.')
  .max(128, 'Password must be at most 128 characters.');

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

export interface CalendarDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

/**
 * Parses the spec's birthday format 'month dd, yyyy' ("May 23, 1995"; month
 * names in full or three letters, any case). Null when it is not a real date.
 */
export function parseBirthday(text: string): CalendarDate | null {
  const m = /^\s*([A-Za-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})\s*$/.exec(text);
  if (!m) return null;
  const name = m[1]!.toLowerCase();
  const idx = MONTHS.findIndex(
    (full) => full === name || (name.length === 3 && full.startsWith(name)),
  );
  if (idx < 0) return null;
  const year = Number(m[3]);
  const day = Number(m[2]);
  const date = new Date(Date.UTC(year, idx, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== idx || date.getUTCDate() !== day)
    return null;
  if (year < 1900) return null;
  return { year, month: idx + 1, day };
}

/** Formats a date the way the spec shows birthdays: "May 23, 1995". */
export function formatBirthday(d: CalendarDate): string {
  const name = MONTHS[d.month - 1]!;
  return `${name[0]!.toUpperCase()}${name.slice(1)} ${String(d.day).padStart(2, '0')}, ${d.year}`;
}

/** Whole years between a birth date and `today` (UTC calendar dates). */
export function ageOn(birth: CalendarDate, today: Date): number {
  let age = today.getUTCFullYear() - birth.year;
  const m = today.getUTCMonth() + 1;
  if (m < birth.month || (m === birth.month && today.getUTCDate() < birth.day)) age -= 1;
  return age;
}

/** A birthday in 'month dd, yyyy' that is a real date and makes the user at least 18. */
export const BirthdaySchema = safeText({ message: 'Please enter your birthday.' })
  .trim()
  .superRefine((text, ctx) => {
    const d = parseBirthday(text);
    if (!d) {
      ctx.addIssue({
        code: 'custom',
        message: 'Please enter a real date as month dd, yyyy (for example May 23, 1995).',
      });
      return;
    }
    const today = new Date();
    if (Date.UTC(d.year, d.month - 1, d.day) > today.getTime()) {
      ctx.addIssue({ code: 'custom', message: 'Your birthday cannot be in the future.' });
    } else if (ageOn(d, today) < LIMITS.minimumAge) {
      ctx.addIssue({
        code: 'custom',
        message: `You must be at least ${LIMITS.minimumAge} years old to use this service.`,
      });
    }
  });

export const BioSchema = safeText()
  .trim()
  .min(1, 'Please write something about yourself.')
  .max(LIMITS.bioMax, `Bio must be at most ${LIMITS.bioMax} characters.`);

/** Who wrote something: enough for a byline with an avatar. */
export const UserSummarySchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  /** `/files/...` URL of the avatar, or null for the default. */
  avatarUrl: z.string().nullable(),
});
export type UserSummary = z.infer<typeof UserSummarySchema>;

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

/** Bio and birthday can be set only while empty (spec §5). */
export const UpdateProfileInputSchema = z
  .object({ bio: BioSchema.optional(), birthday: BirthdaySchema.optional() })
  .refine((v) => v.bio !== undefined || v.birthday !== undefined, 'Nothing to update.');
export type UpdateProfileInput = z.infer<typeof UpdateProfileInputSchema>;

export const UpdateAccountInputSchema = z.object({
  username: UsernameSchema.optional(),
  name: FullNameSchema.optional(),
  phone: safeText()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/, 'Please enter a valid phone number.')
    .nullable()
    .optional(),
});
export type UpdateAccountInput = z.infer<typeof UpdateAccountInputSchema>;

export const FollowStateSchema = z.object({
  following: z.boolean(),
  followerCount: z.number().int(),
});
export type FollowState = z.infer<typeof FollowStateSchema>;

export const AccountStatsSchema = z.object({
  posts: z.number().int(),
  comments: z.number().int(),
  likesGiven: z.number().int(),
  likesReceived: z.number().int(),
  followers: z.number().int(),
  following: z.number().int(),
  communities: z.number().int(),
  memberSince: z.string(),
});
export type AccountStats = z.infer<typeof AccountStatsSchema>;

/** Sign-up as the web sends it to /api/auth/sign-up/email (Better Auth) — validated on the server too. */
export const SignUpInputSchema = z.object({
  name: FullNameSchema,
  username: UsernameSchema,
  email: EmailSchema,
  password: PasswordSchema,
});
export type SignUpInput = z.infer<typeof SignUpInputSchema>;

/** `?cursor=&limit=` of the followers / following lists. */
export const ListUsersQuerySchema = PageQuerySchema;
export type ListUsersQuery = z.infer<typeof ListUsersQuerySchema>;

/** One keyset page of people, newest follow first; `nextCursor` is null on the last page. */
export const UserPageSchema = pageOf(UserSummarySchema);
export type UserPage = z.infer<typeof UserPageSchema>;

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
