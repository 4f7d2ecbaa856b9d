import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserStandingSchema } from '@otakura/shared';
import { auditLog, notifications, sessions, users } from '../../db/schema';
import { newId } from '../../lib/ids';
import { buildTestApp, type TestApp } from '../../test/app';
import { createUser, reloadUser, withCookie, type TestUser } from '../../test/factories';
import { LIVE_CLOSE } from '../live/live-hub';
import { openLive } from '../live/live.test-helpers';

let t: TestApp;
let moderator: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  moderator = await createUser(t, { role: 'moderator' });
});
afterAll(async () => {
  await t?.close();
});

async function expectError(res: Response, status: number, code: string): Promise<void> {
  const body = (await res.json()) as { error?: { code: string; message: string } };
  expect({ status: res.status, code: body.error?.code }).toEqual({ status, code });
}

const userAction = (
  who: TestUser,
  userId: string,
  action: 'warn' | 'suspend' | 'unsuspend',
  json: Record<string, unknown>,
) => who.http(`/api/moderation/users/${userId}/${action}`, { method: 'POST', json });

async function standingAfter(res: Response) {
  expect(res.status, await res.clone().text()).toBe(200);
  return UserStandingSchema.parse(await res.json());
}

const signIn = (u: TestUser) =>
  t.http('/api/auth/sign-in/email', {
    method: 'POST',
    json: { email: u.user.email, password: u.password },
  });

function auditAbout(userId: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, userId));
}

function noticesOf(userId: string) {
  return t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'moderation')));
}

describe('POST /api/moderation/users/:userId/suspend', () => {
  it('ends every session and open socket at once, blocks sign-in, and logs it', async () => {
    const target = await createUser(t);
    const second = await withCookie(t, target.cookie)('/api/me');
    expect(second.status).toBe(200);
    const socket = await openLive(t.url, { cookie: target.cookie, origin: t.config.publicUrl });
    await socket.roundTrip();

    const standing = await standingAfter(
      await userAction(moderator, target.user.id, 'suspend', {
        reason: 'Harassment',
        durationDays: 3,
      }),
    );
    expect(standing).toMatchObject({
      id: target.user.id,
      suspended: true,
      suspensionReason: 'Harassment',
      role: 'user',
    });
    expect(
      Math.abs(Date.parse(standing.suspendedUntil!) - (Date.now() + 3 * 24 * 3600 * 1000)),
    ).toBeLessThan(60_000);

    expect(await socket.closed).toMatchObject({ code: LIVE_CLOSE.unauthorized });
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.userId, target.user.id)),
    ).toEqual([]);
    await expectError(await target.http('/api/me'), 401, 'unauthorized');

    const res = await signIn(target);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: { code: 'user_disabled', message: 'This account has been disabled.' },
    });

    expect(await auditAbout(target.user.id)).toEqual([
      expect.objectContaining({
        actorId: moderator.user.id,
        action: 'user.suspend',
        targetType: 'user',
        targetId: target.user.id,
        reason: 'Harassment',
        details: expect.objectContaining({ durationDays: 3 }),
      }),
    ]);
  });

  it('suspends for good with null days', async () => {
    const target = await createUser(t);
    const standing = await standingAfter(
      await userAction(moderator, target.user.id, 'suspend', {
        reason: 'Spam bot',
        durationDays: null,
      }),
    );
    expect(standing).toMatchObject({ suspended: true, suspendedUntil: null });
    const row = await reloadUser(t, target.user.id);
    expect(row).toMatchObject({ banned: true, banReason: 'Spam bot', banExpires: null });
  });

  it('refuses staff, oneself, unknown users and a missing reason or length', async () => {
    const staff = await createUser(t, { role: 'admin' });
    const target = await createUser(t);
    await expectError(
      await userAction(moderator, staff.user.id, 'suspend', { reason: 'x', durationDays: 1 }),
      403,
      'cannot_moderate_staff',
    );
    await expectError(
      await userAction(moderator, moderator.user.id, 'suspend', { reason: 'x', durationDays: 1 }),
      403,
      'cannot_moderate_self',
    );
    for (const id of [newId(), 'nope'])
      await expectError(
        await userAction(moderator, id, 'suspend', { reason: 'x', durationDays: 1 }),
        404,
        'user_not_found',
      );
    for (const body of [{ reason: '  ', durationDays: 1 }, { reason: 'x' }, { durationDays: 1 }])
      await expectError(
        await userAction(moderator, target.user.id, 'suspend', body),
        400,
        'validation_error',
      );
    expect((await reloadUser(t, target.user.id)).banned).toBe(false);
    expect((await reloadUser(t, staff.user.id)).banned).toBe(false);
  });
});

describe('POST /api/moderation/users/:userId/unsuspend', () => {
  it('lets them sign in again, logs it and tells them; 409 when not suspended', async () => {
    const target = await createUser(t);
    await standingAfter(
      await userAction(moderator, target.user.id, 'suspend', { reason: 'Spam', durationDays: 7 }),
    );
    const standing = await standingAfter(
      await userAction(moderator, target.user.id, 'unsuspend', { reason: 'Appeal accepted' }),
    );
    expect(standing).toMatchObject({
      suspended: false,
      suspendedUntil: null,
      suspensionReason: null,
    });
    expect(await reloadUser(t, target.user.id)).toMatchObject({
      banned: false,
      banReason: null,
      banExpires: null,
    });
    expect((await signIn(target)).status).toBe(200);
    expect((await auditAbout(target.user.id)).map((a) => [a.action, a.reason])).toEqual([
      ['user.suspend', 'Spam'],
      ['user.unsuspend', 'Appeal accepted'],
    ]);
    expect(await noticesOf(target.user.id)).toEqual(
      expect.arrayContaining([
        // Told while suspended (read when they are back), and when it was lifted.
        expect.objectContaining({ subtype: 'suspended', reason: 'Spam' }),
        expect.objectContaining({ subtype: 'unsuspended', reason: 'Appeal accepted' }),
      ]),
    );
    await expectError(
      await userAction(moderator, target.user.id, 'unsuspend', { reason: 'again' }),
      409,
      'user_not_suspended',
    );
  });

  it('a suspension whose end has passed no longer holds: sign-in works and clears it', async () => {
    const target = await createUser(t);
    await t.database.db
      .update(users)
      .set({ banned: true, banReason: 'Spam', banExpires: new Date(Date.now() - 60_000) })
      .where(eq(users.id, target.user.id));
    const res = await signIn(target);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await reloadUser(t, target.user.id)).banned).toBe(false);
    // Nothing to lift any more.
    await expectError(
      await userAction(moderator, target.user.id, 'unsuspend', { reason: 'x' }),
      409,
      'user_not_suspended',
    );
  });
});

describe('POST /api/moderation/users/:userId/warn', () => {
  it('counts the warning, logs it and tells the user; refuses staff and oneself', async () => {
    const target = await createUser(t);
    const first = await standingAfter(
      await userAction(moderator, target.user.id, 'warn', { reason: 'Mind the spoilers' }),
    );
    expect(first).toMatchObject({ warningCount: 1, suspended: false });
    const second = await standingAfter(
      await userAction(moderator, target.user.id, 'warn', { reason: 'Again' }),
    );
    expect(second.warningCount).toBe(2);
    expect((await auditAbout(target.user.id)).map((a) => [a.action, a.actorId, a.reason])).toEqual([
      ['user.warn', moderator.user.id, 'Mind the spoilers'],
      ['user.warn', moderator.user.id, 'Again'],
    ]);
    expect((await noticesOf(target.user.id)).map((n) => [n.subtype, n.reason])).toEqual(
      expect.arrayContaining([
        ['warned', 'Mind the spoilers'],
        ['warned', 'Again'],
      ]),
    );
    const staff = await createUser(t, { role: 'moderator' });
    await expectError(
      await userAction(moderator, staff.user.id, 'warn', { reason: 'x' }),
      403,
      'cannot_moderate_staff',
    );
    await expectError(
      await userAction(moderator, moderator.user.id, 'warn', { reason: 'x' }),
      403,
      'cannot_moderate_self',
    );
  });
});
