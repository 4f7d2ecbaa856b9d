/**
 * People search for moderators and staff roles for admins (docs/moderation.md, "Roles" and
 * "Administration"). Routes check the caller's role first; the rules about whose role may
 * change live here.
 */
import type {
  ModerationUsersQuery,
  SetRoleInput,
  UserStanding,
  UserStandingPage,
} from '@otakura/shared';
import { runInTransaction, type Db } from '../../db/client';
import { timeCursor } from '../../lib/cursor';
import { appError, forbidden, notFound } from '../../lib/errors';
import { isId } from '../../lib/ids';
import { displayName } from '../../lib/user-summary';
import { recordAudit } from './audit.service';
import * as repo from './staff.repository';
import { getStanding, roleOf, toUserStanding } from './standing.service';

/** `text` with ILIKE's metacharacters escaped, wrapped as a substring pattern. */
function substringPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `GET /api/moderation/users`: accounts newest first; `q` matches username or name (a
 * substring, any case); `suspended` keeps those whose suspension holds now, `staff` moderators
 * and admins. The system account is never listed.
 */
export async function listPeople(db: Db, query: ModerationUsersQuery): Promise<UserStandingPage> {
  const after = timeCursor.decode(query.cursor);
  const q = query.q?.replace(/^@/, '');
  const rows = await repo.listPeople(
    db,
    { pattern: q ? substringPattern(q) : undefined, filter: query.filter },
    after,
    query.limit + 1,
  );
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const now = new Date();
  return {
    items: page.map((r) => toUserStanding(r, now)),
    nextCursor:
      rows.length > query.limit && last
        ? timeCursor.encode({ at: last.cursorAt, id: last.id })
        : null,
  };
}

/**
 * `PUT /api/admin/users/:userId/role`: makes an account a moderator or an ordinary user again.
 * Not one's own role (`cannot_moderate_self`), never an admin's (`cannot_change_admin_role`:
 * admins are made and unmade with `npm run admin`). A change writes `role.grant` or
 * `role.revoke` with the reason in the same transaction; asking for the role the account has
 * already changes nothing and writes nothing. Sessions read the role from the users row on
 * every request, so it applies at once without signing anyone out.
 */
export async function setUserRole(
  db: Db,
  adminId: string,
  userId: string,
  input: SetRoleInput,
): Promise<UserStanding> {
  if (!isId(userId)) throw notFound('user_not_found');
  if (userId.toLowerCase() === adminId.toLowerCase()) throw forbidden('cannot_moderate_self');
  await runInTransaction(db, async (tx) => {
    const row = await repo.lockRole(tx, userId);
    if (!row) throw notFound('user_not_found');
    const from = roleOf(row.role);
    if (from === 'admin') throw appError('cannot_change_admin_role');
    if (from === input.role) return;
    await repo.updateRole(tx, userId, input.role);
    await recordAudit(tx, {
      actorId: adminId,
      action: input.role === 'moderator' ? 'role.grant' : 'role.revoke',
      targetType: 'user',
      targetId: userId,
      subjectId: userId,
      reason: input.reason,
      label: displayName(row),
      details: { from, to: input.role },
    });
  });
  return getStanding(db, userId);
}
