/**
 * The audit log read, the people search and staff roles, over real HTTP (docs/moderation.md).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuditPageSchema,
  UserStandingPageSchema,
  UserStandingSchema,
  type AuditEntry,
  type UserStandingPage,
} from '@otakura/shared';
import { auditLog, users } from '../../db/schema';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../test/app';
import { createUser, reloadUser, uniqueName, type TestUser } from '../../test/factories';
import { recordAudit } from './audit.service';

let t: TestApp;
let admin: TestUser;
let moderator: TestUser;
let member: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t, { role: 'admin', name: 'Ada Admin' });
  moderator = await createUser(t, { role: 'moderator', name: 'Mo Moderator' });
  member = await createUser(t, { name: 'Plain Member' });
});
afterAll(async () => {
  await t?.close();
});

async function expectError(res: Response, status: number, code: string): Promise<void> {
  const body = (await res.json()) as { error?: { code: string } };
  expect({ status: res.status, code: body.error?.code }).toEqual({ status, code });
}

async function json<T>(res: Response, parse: (v: unknown) => T, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return parse(await res.json());
}

const setRole = (who: TestUser, userId: string, body: Record<string, unknown>) =>
  who.http(`/api/admin/users/${userId}/role`, { method: 'PUT', json: body });

describe('who may call', () => {
  it('refuses the signed-out (401), users (403), and moderators on role changes (403)', async () => {
    const reads = ['/api/moderation/audit', '/api/moderation/users'];
    for (const path of reads) {
      await expectError(await t.http(path), 401, 'unauthorized');
      await expectError(await member.http(path), 403, 'forbidden');
      expect((await moderator.http(path)).status).toBe(200);
      expect((await admin.http(path)).status).toBe(200);
    }
    const body = { role: 'moderator', reason: 'Helps a lot' };
    await expectError(
      await t.http(`/api/admin/users/${member.user.id}/role`, { method: 'PUT', json: body }),
      401,
      'unauthorized',
    );
    await expectError(await setRole(member, member.user.id, body), 403, 'forbidden');
    await expectError(await setRole(moderator, member.user.id, body), 403, 'forbidden');
    expect((await reloadUser(t, member.user.id)).role).toBe('user');
  });

  it('has no route that changes or deletes audit entries', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await admin.http('/api/moderation/audit', { method, json: {} });
      expect(res.status, method).toBe(404);
    }
  });
});

describe('PUT /api/admin/users/:userId/role', () => {
  it('grants and revokes moderator with an audit line each; the session follows at once', async () => {
    const helper = await createUser(t, { name: 'Hana Helper' });
    // Signed in before the grant: the same cookie is a moderator's at once, then not.
    await expectError(await helper.http('/api/moderation/audit'), 403, 'forbidden');

    const granted = await json(
      await setRole(admin, helper.user.id, { role: 'moderator', reason: '  Trusted regular ' }),
      UserStandingSchema.parse,
    );
    expect(granted).toMatchObject({ id: helper.user.id, role: 'moderator', suspended: false });
    expect((await helper.http('/api/moderation/audit')).status).toBe(200);

    // Same role again: nothing changes and nothing is written.
    await json(
      await setRole(admin, helper.user.id, { role: 'moderator', reason: 'again' }),
      UserStandingSchema.parse,
    );

    const revoked = await json(
      await setRole(admin, helper.user.id, { role: 'user', reason: 'Stepped down' }),
      UserStandingSchema.parse,
    );
    expect(revoked.role).toBe('user');
    await expectError(await helper.http('/api/moderation/audit'), 403, 'forbidden');

    const lines = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, helper.user.id));
    expect(
      lines
        .sort((a, b) => a.id.localeCompare(b.id))
        .map((l) => [l.actorId, l.action, l.targetType, l.targetId, l.reason, l.label, l.details]),
    ).toEqual([
      [
        admin.user.id,
        'role.grant',
        'user',
        helper.user.id,
        'Trusted regular',
        helper.user.displayUsername,
        { from: 'user', to: 'moderator' },
      ],
      [
        admin.user.id,
        'role.revoke',
        'user',
        helper.user.id,
        'Stepped down',
        helper.user.displayUsername,
        { from: 'moderator', to: 'user' },
      ],
    ]);
  });

  it("never changes an admin's role, nor one's own, nor makes admins", async () => {
    const other = await createUser(t, { role: 'admin' });
    await expectError(
      await setRole(admin, other.user.id, { role: 'user', reason: 'coup' }),
      403,
      'cannot_change_admin_role',
    );
    await expectError(
      await setRole(admin, admin.user.id, { role: 'moderator', reason: 'me' }),
      403,
      'cannot_moderate_self',
    );
    await expectError(
      await setRole(admin, member.user.id, { role: 'admin', reason: 'promote' }),
      400,
      'validation_error',
    );
    await expectError(
      await setRole(admin, member.user.id, { role: 'moderator', reason: '   ' }),
      400,
      'validation_error',
    );
    await expectError(
      await setRole(admin, newId(), { role: 'moderator', reason: 'ghost' }),
      404,
      'user_not_found',
    );
    await expectError(
      await setRole(admin, 'not-an-id', { role: 'moderator', reason: 'ghost' }),
      404,
      'user_not_found',
    );
    expect((await reloadUser(t, other.user.id)).role).toBe('admin');
    expect((await reloadUser(t, member.user.id)).role).toBe('user');
    const lines = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, other.user.id));
    expect(lines).toEqual([]);
  });
});

describe('GET /api/moderation/users', () => {
  it('finds people by username or name, and filters suspended and staff', async () => {
    const tag = uniqueName('zq').slice(0, 12);
    const a = await createUser(t, { username: `${tag}_a`, name: 'Rin Tohsaka', signIn: false });
    const b = await createUser(t, { username: `${tag}_b`, name: 'Sakura', signIn: false });
    const named = await createUser(t, { name: `Called ${tag} Here`, signIn: false });
    const mod = await createUser(t, { username: `${tag}_m`, role: 'moderator', signIn: false });
    await t.database.db
      .update(users)
      .set({ banned: true, banReason: 'spam', banExpires: null })
      .where(eq(users.id, b.user.id));
    // A suspension that ended is not one.
    const ended = await createUser(t, { username: `${tag}_e`, signIn: false });
    await t.database.db
      .update(users)
      .set({ banned: true, banReason: 'old', banExpires: new Date(Date.now() - 60_000) })
      .where(eq(users.id, ended.user.id));

    const list = async (query: string) =>
      (
        await json(
          await moderator.http(`/api/moderation/users?${query}`),
          UserStandingPageSchema.parse,
        )
      ).items;

    const all = await list(`q=${tag}`);
    // Newest first.
    expect(all.map((u) => u.id)).toEqual([
      ended.user.id,
      mod.user.id,
      named.user.id,
      b.user.id,
      a.user.id,
    ]);
    const banned = all.find((u) => u.id === b.user.id)!;
    expect(banned).toMatchObject({
      suspended: true,
      suspendedUntil: null,
      suspensionReason: 'spam',
    });
    expect(all.find((u) => u.id === ended.user.id)).toMatchObject({ suspended: false });

    expect((await list(`q=${tag}&filter=suspended`)).map((u) => u.id)).toEqual([b.user.id]);
    expect((await list(`q=${tag}&filter=staff`)).map((u) => u.id)).toEqual([mod.user.id]);
    expect(
      (await list(`q=${encodeURIComponent(`@${tag.toUpperCase()}_A`)}`)).map((u) => u.id),
    ).toEqual([a.user.id]);
    // LIKE metacharacters match themselves.
    expect(await list(`q=${encodeURIComponent('%_%')}`)).toEqual([]);

    const staff = (await list('filter=staff&limit=50')).map((u) => u.role);
    expect(staff.length).toBeGreaterThanOrEqual(3);
    expect(staff.every((r) => r === 'moderator' || r === 'admin')).toBe(true);
  });

  it('pages with a cursor and refuses a forged one', async () => {
    const tag = uniqueName('pg').slice(0, 12);
    const made: string[] = [];
    for (let i = 0; i < 5; i++)
      made.push((await createUser(t, { username: `${tag}_${i}`, signIn: false })).user.id);
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: UserStandingPage = await json(
        await admin.http(
          `/api/moderation/users?q=${tag}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        ),
        UserStandingPageSchema.parse,
      );
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((u) => u.id));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual([...made].reverse());
    await expectError(
      await admin.http('/api/moderation/users?cursor=bogus'),
      400,
      'validation_error',
    );
  });

  it('counts warnings from the audit log', async () => {
    const warned = await createUser(t, { signIn: false });
    for (let i = 0; i < 2; i++)
      await recordAudit(t.database.db, {
        actorId: moderator.user.id,
        action: 'user.warn',
        targetType: 'user',
        targetId: warned.user.id,
        subjectId: warned.user.id,
        reason: 'Be kind',
      });
    const page = await json(
      await moderator.http(`/api/moderation/users?q=${warned.user.username}`),
      UserStandingPageSchema.parse,
    );
    expect(page.items).toHaveLength(1);
    expect(page.items[0]!.warningCount).toBe(2);
  });
});

describe('GET /api/moderation/audit', () => {
  it('answers entries newest first, filtered, with actor and subject, in pages', async () => {
    const subject = await createUser(t, { name: 'Audit Subject', signIn: false });
    const write = (action: AuditEntry['action'], actorId: string | null, extra = {}) =>
      recordAudit(t.database.db, {
        actorId,
        action,
        targetType: 'user',
        targetId: subject.user.id,
        subjectId: subject.user.id,
        reason: `why ${action}`,
        label: 'x'.repeat(300),
        details: { n: 1 },
        ...extra,
      });
    await write('user.warn', moderator.user.id);
    await write('user.suspend', moderator.user.id);
    await write('role.grant', null);
    // Fixed times, a minute apart, in the order written.
    const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 12, minute));
    for (const [action, minute] of [
      ['user.warn', 1],
      ['user.suspend', 2],
      ['role.grant', 3],
    ] as const)
      await t.database.db
        .update(auditLog)
        .set({ createdAt: at(minute) })
        .where(and(eq(auditLog.subjectId, subject.user.id), eq(auditLog.action, action)));
    const middle = at(2);

    const get = async (query: string) =>
      json(await moderator.http(`/api/moderation/audit?${query}`), AuditPageSchema.parse);

    const bySubject = await get(`subjectId=${subject.user.id}`);
    expect(bySubject.items.map((e) => e.action)).toEqual([
      'role.grant',
      'user.suspend',
      'user.warn',
    ]);
    const [grant, suspend] = bySubject.items;
    expect(grant!.actor).toBeNull();
    expect(suspend!.actor).toMatchObject({ id: moderator.user.id, name: 'Mo Moderator' });
    expect(suspend!.subject).toMatchObject({ id: subject.user.id, name: 'Audit Subject' });
    expect(suspend).toMatchObject({
      targetType: 'user',
      targetId: subject.user.id,
      reason: 'why user.suspend',
      details: { n: 1 },
    });
    expect(suspend!.label).toHaveLength(200);

    expect(
      (await get(`subjectId=${subject.user.id}&action=user.warn`)).items.map((e) => e.action),
    ).toEqual(['user.warn']);
    expect(
      (await get(`subjectId=${subject.user.id}&actorId=${moderator.user.id}`)).items.map(
        (e) => e.action,
      ),
    ).toEqual(['user.suspend', 'user.warn']);
    expect(
      (
        await get(`subjectId=${subject.user.id}&from=${encodeURIComponent(middle.toISOString())}`)
      ).items.map((e) => e.action),
    ).toEqual(['role.grant', 'user.suspend']);
    expect(
      (
        await get(`subjectId=${subject.user.id}&to=${encodeURIComponent(middle.toISOString())}`)
      ).items.map((e) => e.action),
    ).toEqual(['user.suspend', 'user.warn']);
    expect((await get(`subjectId=${subject.user.id}&targetType=order`)).items).toEqual([]);

    const first = await get(`subjectId=${subject.user.id}&limit=2`);
    expect(first.items.map((e) => e.action)).toEqual(['role.grant', 'user.suspend']);
    const second = await get(`subjectId=${subject.user.id}&limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((e) => e.action)).toEqual(['user.warn']);
    expect(second.nextCursor).toBeNull();

    await expectError(
      await moderator.http('/api/moderation/audit?action=user.explode'),
      400,
      'validation_error',
    );
    await expectError(
      await moderator.http('/api/moderation/audit?actorId=nope'),
      400,
      'validation_error',
    );
  });
});
