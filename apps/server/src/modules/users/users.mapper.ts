/**
 * The one place that decides which user fields leave the server. Rows come from
 * users.repository; nothing here reads the database.
 */
import type { Me, PublicProfile, RequiredDetail } from '@otakura/shared';
import type { users } from '../../db/schema';
import { fileUrl } from '../../lib/file-url';
import { toUserSummary } from '../../lib/user-summary';

export type UserRow = typeof users.$inferSelect;

export function toPublicProfile(
  row: UserRow,
  viewer: { isFollowing: boolean; isSelf: boolean },
): PublicProfile {
  return {
    ...toUserSummary(row),
    bio: row.bio && row.bio.trim() !== '' ? row.bio : null,
    bannerUrl: fileUrl(row.bannerImageKey),
    postCount: row.postCount,
    followerCount: row.followerCount,
    followingCount: row.followingCount,
    isFollowing: viewer.isFollowing,
    isSelf: viewer.isSelf,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Spec §2: the required-details screen shows while any of these is missing. */
export function requiredDetailsMissing(row: UserRow): RequiredDetail[] {
  const missing: RequiredDetail[] = [];
  if (!row.birthday) missing.push('birthday');
  if (!row.profileImageKey) missing.push('profileImage');
  if (!row.bannerImageKey) missing.push('bannerImage');
  if (!row.bio || row.bio.trim() === '') missing.push('bio');
  return missing;
}

function toRole(role: string): Me['role'] {
  return role === 'admin' || role === 'moderator' ? role : 'user';
}

export function toMe(row: UserRow): Me {
  return {
    ...toPublicProfile(row, { isFollowing: false, isSelf: true }),
    email: row.email,
    emailVerified: row.emailVerified,
    phone: row.phone,
    birthday: row.birthday,
    twoFactorEnabled: row.twoFactorEnabled,
    role: toRole(row.role),
    nsfwOptIn: row.nsfwOptIn,
    requiredDetailsMissing: requiredDetailsMissing(row),
  };
}
