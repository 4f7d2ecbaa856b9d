/**
 * Profiles, profile pictures and following people. Rules, access checks and transactions
 * live here; queries in users.repository, the wire shapes in users.mapper. Statistics,
 * the data export and account deletion are the account module's.
 */
import type { PageCaches } from '../../lib/page-cache';
import {
  formatBirthday,
  LIMITS,
  parseBirthday,
  SYSTEM_USER_ID,
  UsernameSchema,
  type FollowState,
  type Me,
  type PublicProfile,
  type UpdateAccountInput,
  type UpdateProfileInput,
  type UserPage,
} from '@otakura/shared';
import { isUniqueViolation, runInTransaction, sqlState, type Db } from '../../db/client';
import {
  AppError,
  badRequest,
  conflict,
  notFound,
  unauthorized,
  validationError,
} from '../../lib/errors';
import { isId } from '../../lib/ids';
import type { Storage } from '../../storage/storage';
import {
  deleteUploadKeys,
  imageKeys,
  saveImageUpload,
  uploadPrefix,
  type UploadFolder,
} from '../uploads/upload.service';
import { timeCursor } from '../../lib/cursor';
import { toUserSummary } from '../../lib/user-summary';
import { toMe, toPublicProfile } from './users.mapper';
import type { Notifier } from '../notifications/notifications.service';
import * as repo from './users.repository';
import { blockedEitherWay } from '../settings/settings.service';

export interface UsersDeps {
  db: Db;
  storage: Storage;
}

const userNotFound = () => notFound('user_not_found');
const FOREIGN_KEY_VIOLATION = '23503';

/** The signed-in user as they see themselves. 401 when the account is gone. */
export async function getMe(db: Db, userId: string): Promise<Me> {
  const row = await repo.findUserById(db, userId);
  if (!row) throw unauthorized();
  return toMe(row);
}

/**
 * Sets bio and/or birthday, each only while still empty (spec §5): 409 `already_set`
 * when one of them is set already, and then nothing is written. The birthday must
 * be a real date in 'month dd, yyyy' of someone at least 18; it is stored as text
 * in that format and as a date.
 */
export async function updateProfile(
  db: Db,
  userId: string,
  input: UpdateProfileInput,
): Promise<Me> {
  const fields: repo.ProfileFields = {};
  if (input.bio !== undefined) fields.bio = input.bio.trim();
  if (input.birthday !== undefined) {
    const date = parseBirthday(input.birthday);
    if (!date) {
      throw validationError([
        { path: 'birthday', message: 'Please enter a real date as month dd, yyyy.' },
      ]);
    }
    fields.birthday = formatBirthday(date);
    fields.birthDate = `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
  }
  if (fields.bio === undefined && fields.birthday === undefined) {
    throw validationError([{ path: 'body', message: 'Nothing to update.' }]);
  }

  const updated = await repo.setProfileFieldsIfEmpty(db, userId, fields);
  if (updated) return toMe(updated);

  const current = await repo.findUserById(db, userId);
  if (!current) throw unauthorized();
  if (fields.bio !== undefined && current.bio?.trim()) {
    throw conflict('already_set', 'Your bio can only be set once.');
  }
  throw conflict('already_set', 'Your birthday can only be set once.');
}

/**
 * Changes username, full name and/or phone. The username stays unique in any case
 * (409 `username_taken`); Better Auth's `username` (lower-case) and
 * `displayUsername` (as typed) are written together.
 */
export async function updateAccount(
  db: Db,
  userId: string,
  input: UpdateAccountInput,
): Promise<Me> {
  const fields: repo.AccountFields = {};
  if (input.username !== undefined) {
    const parsed = UsernameSchema.safeParse(input.username);
    if (!parsed.success) {
      throw validationError([
        { path: 'username', message: parsed.error.issues[0]?.message ?? 'Invalid username.' },
      ]);
    }
    fields.username = parsed.data.toLowerCase();
    fields.displayUsername = parsed.data;
  }
  if (input.name !== undefined) fields.name = input.name.trim();
  if (input.phone !== undefined)
    fields.phone = input.phone === null || input.phone === '' ? null : input.phone;
  if (Object.keys(fields).length === 0) return getMe(db, userId);

  const taken = () => conflict('username_taken');
  if (fields.username && (await repo.usernameTakenByOther(db, fields.username, userId)))
    throw taken();
  try {
    const row = await repo.updateAccountFields(db, userId, fields);
    if (!row) throw unauthorized();
    return toMe(row);
  } catch (err) {
    // Two users claiming the same name at once: the unique index decides.
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

export type ProfileImageKind = 'avatar' | 'banner';

const IMAGE_COLUMNS: Record<ProfileImageKind, repo.ImageColumn> = {
  avatar: 'profileImageKey',
  banner: 'bannerImageKey',
};

const PROFILE_FOLDER: UploadFolder = 'user-profile-images';

/**
 * Every key of one saved upload, from the key stored on the user (its widest
 * variant, `…/{id}-{640|1280}.webp`). Only keys inside the user's own folder are
 * ever returned: seeded or shared pictures are never deleted on their behalf.
 */
export function profileUploadKeys(userId: string, key: string | null): string[] {
  if (!key || !key.startsWith(`${uploadPrefix(PROFILE_FOLDER, userId)}/`)) return [];
  const m = /^(.+)-(?:640|1280)\.webp$/.exec(key);
  return m ? [`${m[1]}-640.webp`, `${m[1]}-1280.webp`] : [key];
}

/**
 * Replaces the avatar or banner. DESIGN.md's order: the new image is validated,
 * stored and the user row pointed at it first; only then are the old files deleted,
 * so there is never a moment without a picture and nothing is lost if the upload
 * fails. Answers the updated Me.
 */
export async function setProfileImage(
  deps: UsersDeps,
  userId: string,
  kind: ProfileImageKind,
  buffer: Buffer,
): Promise<Me> {
  const saved = await saveImageUpload(deps.storage, {
    prefix: uploadPrefix(PROFILE_FOLDER, userId),
    buffer,
    // Avatars show small; banners span the page.
    maxWidth: kind === 'avatar' ? 640 : 1280,
  });
  let result: Awaited<ReturnType<typeof repo.replaceImageKey>>;
  try {
    result = await runInTransaction(deps.db, (tx) =>
      repo.replaceImageKey(tx, userId, IMAGE_COLUMNS[kind], saved.key),
    );
  } catch (err) {
    await deleteUploadKeys(deps.storage, imageKeys(saved));
    throw err;
  }
  if (!result) {
    await deleteUploadKeys(deps.storage, imageKeys(saved));
    throw unauthorized();
  }
  const old = profileUploadKeys(userId, result.oldKey).filter((k) => !imageKeys(saved).includes(k));
  await deleteUploadKeys(deps.storage, old);
  return toMe(result.row);
}

/** Another user's (or one's own) profile. 404 `user_not_found` for unknown, malformed, system or banned ids. */
export async function getProfile(
  db: Db,
  viewerId: string,
  userId: string,
  pages?: PageCaches['users'],
): Promise<PublicProfile> {
  if (!isId(userId)) throw userNotFound();
  const isSelf = userId === viewerId;
  // The page cache (lib/page-cache.ts): exact, dropped by every change of the user's row; a
  // hidden or unknown user is never cached.
  // Keyed in lower case, as the database's invalidations name the row.
  const key = userId.toLowerCase();
  const hit = pages?.get(key, viewerId);
  if (hit) return { ...hit.base, isFollowing: hit.rel, isSelf };
  const epoch = pages?.epoch ?? 0;
  const row = await repo.findVisibleUserForViewer(db, userId, viewerId);
  if (!row) throw userNotFound();
  const following = isSelf ? false : row.followedByViewer;
  const profile = toPublicProfile(row, { isFollowing: following, isSelf });
  pages?.set(key, viewerId, profile, following, epoch);
  return profile;
}

/**
 * Follows a user. Idempotent: the row is inserted with ON CONFLICT DO NOTHING and
 * the two counters move in the same transaction only when it really was inserted,
 * so counts equal rows under any concurrency. O(1) whatever the number of followers.
 * A new follow notifies the followed user (grouped while unread).
 */
export async function follow(
  db: Db,
  viewerId: string,
  userId: string,
  notifier?: Pick<Notifier, 'notify'>,
): Promise<FollowState> {
  if (!isId(userId)) throw userNotFound();
  if (userId === viewerId) throw badRequest('cannot_follow_self');
  let added = false;
  let state: FollowState;
  try {
    state = await runInTransaction(db, async (tx) => {
      added = false;
      if (!(await repo.findVisibleUser(tx, userId))) throw userNotFound();
      if (await blockedEitherWay(tx, viewerId, userId)) {
        throw new AppError('blocked', 'You cannot follow this user.');
      }
      if (await repo.insertFollow(tx, viewerId, userId)) {
        await repo.shiftFollowCounters(tx, viewerId, userId, 1);
        added = true;
      }
      return { following: true, followerCount: await repo.followerCountOf(tx, userId) };
    });
  } catch (err) {
    // The followee's account was deleted between the check and the insert.
    if (sqlState(err) === FOREIGN_KEY_VIOLATION) throw userNotFound();
    throw err;
  }
  if (added) {
    await notifier?.notify({
      recipientId: userId,
      type: 'follow',
      actorId: viewerId,
      groupKey: 'follow',
      targetType: 'user',
      targetId: viewerId,
      link: `/user/${viewerId}`,
    });
  }
  return state;
}

/**
 * Unfollows a user; idempotent like `follow`. Allowed for any existing account
 * (also a banned one, so people can tidy their list).
 */
export async function unfollow(db: Db, viewerId: string, userId: string): Promise<FollowState> {
  if (!isId(userId) || userId === SYSTEM_USER_ID) throw userNotFound();
  if (userId === viewerId) throw badRequest('cannot_follow_self');
  return runInTransaction(db, async (tx) => {
    if (!(await repo.findUserById(tx, userId))) throw userNotFound();
    if (await repo.deleteFollow(tx, viewerId, userId)) {
      await repo.shiftFollowCounters(tx, viewerId, userId, -1);
    }
    return { following: false, followerCount: await repo.followerCountOf(tx, userId) };
  });
}

/** A keyset page of a user's followers or of the people they follow, newest follow first. */
export async function listFollows(
  db: Db,
  side: 'followers' | 'following',
  userId: string,
  query: { cursor?: string; limit?: number },
): Promise<UserPage> {
  if (!isId(userId) || !(await repo.findVisibleUser(db, userId))) throw userNotFound();
  const cursor = timeCursor.decode(query.cursor);
  const limit = Math.min(Math.max(query.limit ?? LIMITS.pageSizeDefault, 1), LIMITS.pageSizeMax);
  const rows = await repo.listFollows(db, side, userId, cursor, limit);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toUserSummary),
    nextCursor:
      rows.length > limit && last ? timeCursor.encode({ at: last.cursorAt, id: last.id }) : null,
  };
}
