import { z } from 'zod';
import { safeText } from '../common/text';
import { LIMITS } from '../common/limits';
import { pageOf, PageQuerySchema } from '../common/page.schemas';
import { UserSummarySchema } from './user-summary.schemas';

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
