/**
 * The byline every list shows for a person (authors of posts and comments, followers,
 * blocked users, reporters): `UserSummary`. Modules select these columns in their own
 * queries and present them here, so a byline looks the same everywhere.
 */
import type { UserSummary } from '@otakura/shared';
import { fileUrl } from './file-url';

/** The `users` columns a byline needs (camelCase, as Drizzle selects them). */
export interface UserSummaryRow {
  id: string;
  name: string;
  username: string | null;
  displayUsername: string | null;
  profileImageKey: string | null;
}

/** The username as the user typed it; Better Auth keeps `username` lower-case. */
export function displayName(row: Pick<UserSummaryRow, 'username' | 'displayUsername'>): string {
  return row.displayUsername ?? row.username ?? '';
}

export function toUserSummary(row: UserSummaryRow): UserSummary {
  return {
    id: row.id,
    username: displayName(row),
    name: row.name,
    avatarUrl: fileUrl(row.profileImageKey),
  };
}
