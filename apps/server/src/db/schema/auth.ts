/**
 * Users and the tables of Better Auth 1.4 (core + plugins username, twoFactor, admin).
 * TypeScript property names are Better Auth's field names; Better Auth is configured with
 * model names `users`, `sessions`, `accounts`, `verifications`, `twoFactors` and a UUIDv7 generateId.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { counterColumn, createdAtColumn, idColumn, tstz, updatedAtColumn } from './columns';

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    // Better Auth core
    name: text('name').notNull(),
    /** Stored lower-case by Better Auth. */
    email: text('email').notNull().unique('users_email_unique'),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** Better Auth's avatar URL; our own avatar is `profileImageKey`. */
    image: text('image'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    // username plugin: `username` is normalised (lower-case), `displayUsername` keeps the user's casing
    username: text('username'),
    displayUsername: text('display_username'),
    // twoFactor plugin
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    // admin plugin; role is 'user' | 'moderator' | 'admin' (the plugin allows a comma list, so no CHECK)
    role: text('role').notNull().default('user'),
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: tstz('ban_expires'),
    // profile (spec §3)
    /** profileDescription; settable only while empty (spec §5). */
    bio: text('bio'),
    /** As entered, 'month dd, yyyy'. */
    birthday: text('birthday'),
    /** `birthday` parsed, for the 18+ rule; null when it could not be parsed. */
    birthDate: date('birth_date', { mode: 'string' }),
    /** Storage keys (not URLs), e.g. `user-profile-images/{uid}/…`. */
    profileImageKey: text('profile_image_key'),
    bannerImageKey: text('banner_image_key'),
    phone: text('phone'),
    nsfwOptIn: boolean('nsfw_opt_in').notNull().default(false),
    eulaAcceptedAt: tstz('eula_accepted_at'),
    postCount: counterColumn('post_count'),
    followerCount: counterColumn('follower_count'),
    followingCount: counterColumn('following_count'),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    index('users_username_trgm_idx').using('gin', sql`${t.username} gin_trgm_ops`),
    /** Bans with an end: the shop list's cache asks whether a seller's ban will end (0016). */
    index('users_timed_ban_idx')
      .on(t.banExpires)
      .where(sql`${t.banned} and ${t.banExpires} is not null`),
    check('users_post_count_nonneg', sql`${t.postCount} >= 0`),
    check('users_follower_count_nonneg', sql`${t.followerCount} >= 0`),
    check('users_following_count_nonneg', sql`${t.followingCount} >= 0`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    expiresAt: tstz('expires_at').notNull(),
    token: text('token').notNull().unique('sessions_token_unique'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // admin plugin
    impersonatedBy: uuid('impersonated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: idColumn(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: tstz('access_token_expires_at'),
    refreshTokenExpiresAt: tstz('refresh_token_expires_at'),
    scope: text('scope'),
    /** Password hash (credential provider). */
    password: text('password'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: idColumn(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

export const twoFactors = pgTable(
  'two_factors',
  {
    id: idColumn(),
    /** Encrypted TOTP secret. */
    secret: text('secret').notNull(),
    /** Encrypted backup codes. */
    backupCodes: text('backup_codes').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('two_factors_user_id_idx').on(t.userId),
    index('two_factors_secret_idx').on(t.secret),
  ],
);
