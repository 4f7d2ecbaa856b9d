import {
  ageOn,
  DEFAULT_NOTIFICATIONS,
  LIMITS,
  SYSTEM_USER_ID,
  type BlockedUserPage,
  type BlockState,
  type Settings,
  type UpdateSettingsInput,
} from '@otakura/shared';
import { runInTransaction, type Db } from '../../db/client';
import { AppError, badRequest, notFound, unauthorized } from '../../lib/errors';
import { isId } from '../../lib/ids';
import { timeCursor } from '../../lib/cursor';
import { toUserSummary } from '../../lib/user-summary';
import * as repo from './settings.repository';

const DEFAULTS = {
  defaultSort: 'new',
  language: 'auto',
  notifications: DEFAULT_NOTIFICATIONS,
  dmPolicy: 'everyone',
  ratingPromptSeen: false,
  blurUnwatchedThumbnails: false,
  showOwnedVolumes: false,
} as const;

/** True when a stored birth date (YYYY-MM-DD) makes the user an adult today. */
export function isAdult(birthDate: string | null, today = new Date()): boolean {
  if (!birthDate) return false;
  const [y, m, d] = birthDate.split('-').map(Number);
  return ageOn({ year: y!, month: m!, day: d! }, today) >= LIMITS.minimumAge;
}

/** The user's settings; defaults for whatever was never set. */
export async function getSettings(db: Db, userId: string): Promise<Settings> {
  const [user, row] = await Promise.all([
    repo.findUserForSettings(db, userId),
    repo.findSettings(db, userId),
  ]);
  if (!user) throw unauthorized();
  const adult = isAdult(user.birthDate);
  return {
    defaultSort: row?.defaultSort === 'top' ? 'top' : 'new',
    language: row?.language === 'en' || row?.language === 'ja' ? row.language : 'auto',
    notifications: { ...DEFAULT_NOTIFICATIONS, ...(row?.notifications ?? {}) },
    dmPolicy:
      row?.dmPolicy === 'following' || row?.dmPolicy === 'nobody' ? row.dmPolicy : 'everyone',
    // An opt-in stays effective only while the user is an adult by their birthday.
    nsfwOptIn: user.nsfwOptIn && adult,
    canOptInNsfw: adult,
    ratingPromptSeen: row?.ratingPromptSeen ?? false,
    showOwnedVolumes: row?.showOwnedVolumes ?? false,
    blurUnwatchedThumbnails: row?.blurUnwatchedThumbnails ?? false,
  };
}

/** Changes some settings; NSFW opt-in only for users whose birthday makes them 18+. */
export async function updateSettings(
  db: Db,
  userId: string,
  input: UpdateSettingsInput,
): Promise<Settings> {
  await runInTransaction(db, async (tx) => {
    const user = await repo.findUserForSettings(tx, userId);
    if (!user) throw unauthorized();
    if (input.nsfwOptIn === true && !isAdult(user.birthDate)) {
      throw new AppError('nsfw_requires_adult');
    }
    if (input.nsfwOptIn !== undefined) await repo.setNsfwOptIn(tx, userId, input.nsfwOptIn);
    const { nsfwOptIn: _n, notifications, ...rest } = input;
    const current = await repo.findSettings(tx, userId);
    const values = {
      ...rest,
      ...(notifications
        ? {
            notifications: {
              ...DEFAULT_NOTIFICATIONS,
              ...(current?.notifications ?? {}),
              ...notifications,
            },
          }
        : {}),
    };
    if (Object.keys(values).length)
      await repo.upsertSettings(tx, userId, values, {
        ...DEFAULTS,
        notifications: { ...DEFAULTS.notifications },
      });
  });
  return getSettings(db, userId);
}

const userNotFound = () => notFound('user_not_found');

/**
 * Blocks a user: their posts and comments disappear from the blocker's lists,
 * and follows between the two end (counters fixed in the same transaction).
 */
export async function block(db: Db, blockerId: string, userId: string): Promise<BlockState> {
  if (!isId(userId) || userId === SYSTEM_USER_ID) throw userNotFound();
  if (userId === blockerId) throw badRequest('cannot_block_self');
  await runInTransaction(db, async (tx) => {
    if (!(await repo.isVisibleUser(tx, userId))) throw userNotFound();
    if (await repo.insertBlock(tx, blockerId, userId)) {
      await repo.removeFollowsBetween(tx, blockerId, userId);
    }
  });
  return { blocked: true };
}

/** Whether the viewer blocked this user (their profile then offers Unblock). */
export async function blockState(db: Db, blockerId: string, userId: string): Promise<BlockState> {
  if (!isId(userId) || !(await repo.isVisibleUser(db, userId))) throw userNotFound();
  return { blocked: await repo.hasBlocked(db, blockerId, userId) };
}

export async function unblock(db: Db, blockerId: string, userId: string): Promise<BlockState> {
  if (!isId(userId)) throw userNotFound();
  await repo.deleteBlock(db, blockerId, userId);
  return { blocked: false };
}

export async function listBlocked(
  db: Db,
  blockerId: string,
  query: { cursor?: string; limit?: number },
): Promise<BlockedUserPage> {
  const cursor = timeCursor.decode(query.cursor);
  const limit = Math.min(Math.max(query.limit ?? LIMITS.pageSizeDefault, 1), LIMITS.pageSizeMax);
  const rows = await repo.listBlocks(db, blockerId, cursor, limit);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({
      ...toUserSummary(r),
      blockedAt: new Date(r.blockedAt).toISOString(),
    })),
    nextCursor:
      rows.length > limit && last ? timeCursor.encode({ at: last.cursorAt, id: last.id }) : null,
  };
}

/** Whether `blockerId` blocked `blockedId` (their posts are hidden from the blocker). */
export async function hasBlocked(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  return repo.hasBlocked(db, blockerId, blockedId);
}

/** Whether either user blocked the other (follows and replies between them are refused). */
export async function blockedEitherWay(db: Db, a: string, b: string): Promise<boolean> {
  return (await repo.hasBlocked(db, a, b)) || (await repo.hasBlocked(db, b, a));
}
