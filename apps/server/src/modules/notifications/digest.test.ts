/**
 * The daily email digest (docs/notifications.md): who gets one, what it lists (escaped), that
 * it goes once a day and only with news, and the job's advisory lock on PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications, userSettings } from '../../db/schema';
import { buildTestApp, startTestServer, type TestApp } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { createUser, type TestUser } from '../../test/factories';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp';
import type { Mailer } from '../mail/mailer';
import {
  DIGEST_INTERVAL_MS,
  runDigestTick,
  sendDailyDigests,
  startDigestJob,
  type DigestDeps,
} from './digest.service';
import type { Notifier } from './notifications.service';

let t: TestApp;
let smtp: SmtpCapture;
let notifier: Notifier;
let deps: DigestDeps;

const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await buildTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://otakura.example' });
  notifier = t.ctx.notifier;
  deps = { db: t.database.db, mailer: t.ctx.mailer, config: t.config, log: { error: () => {} } };
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function emailOn(who: TestUser, on = true) {
  const res = await who.http('/api/me/settings', {
    method: 'PATCH',
    json: { notifications: { email: on } },
  });
  expect(res.status).toBe(200);
}

async function likeFrom(recipient: TestUser, actor: TestUser, postId: string, title: string) {
  await notifier.notify({
    recipientId: recipient.user.id,
    type: 'like',
    subtype: 'post',
    actorId: actor.user.id,
    groupKey: `like:post:${postId}`,
    link: `/post/${postId}`,
    excerpt: title,
  });
}

async function settingsOf(who: TestUser) {
  const [row] = await t.database.db
    .select()
    .from(userSettings)
    .where(eq(userSettings.userId, who.user.id));
  return row!;
}

async function rowsOf(who: TestUser) {
  return t.database.db.select().from(notifications).where(eq(notifications.userId, who.user.id));
}

describe('daily digest', () => {
  it('mails one digest listing the unread notifications (escaped, linked), then marks them', async () => {
    const me = await createUser(t, { name: 'Mina' });
    await emailOn(me);
    const postId = crypto.randomUUID();
    const likers = [await createUser(t, { name: 'Ai' }), await createUser(t, { name: 'Rin' })];
    for (const l of likers) await likeFrom(me, l, postId, 'Best <b>OP</b> & ED');
    await notifier.notify({
      recipientId: me.user.id,
      type: 'moderation',
      subtype: 'warned',
      link: '/your-account',
      reason: 'Spoilers without a tag',
    });
    // A read one is not listed.
    await likeFrom(me, likers[0]!, crypto.randomUUID(), 'Already seen');
    const seen = (await rowsOf(me)).find((r) => r.excerpt === 'Already seen')!;
    await me.http('/api/notifications/read', { method: 'POST', json: { ids: [seen.id] } });

    const now = new Date();
    expect(await sendDailyDigests(deps, now)).toBeGreaterThanOrEqual(1);
    const mail = await smtp.waitForMail(me.user.email);
    expect(mail.subject).toBe('You have 2 new notifications on Otakura');
    expect(mail.text).toContain('Hi Mina,');
    expect(mail.text).toContain('Rin and Ai liked your post: “Best <b>OP</b> & ED”');
    expect(mail.text).toContain(`https://otakura.example/post/${postId}`);
    expect(mail.text).toContain('A moderator warned you. Reason: Spoilers without a tag');
    expect(mail.text).not.toContain('Already seen');
    expect(mail.html).toContain('Best &lt;b&gt;OP&lt;/b&gt; &amp; ED');
    expect(mail.html).not.toContain('<b>OP</b>');
    expect(mail.html).toContain(`href="https://otakura.example/post/${postId}"`);

    const rows = await rowsOf(me);
    expect(rows.filter((r) => r.readAt === null).every((r) => r.emailedAt !== null)).toBe(true);
    expect(rows.find((r) => r.id === seen.id)!.emailedAt).toBeNull();
    expect((await settingsOf(me)).lastDigestAt?.getTime()).toBe(now.getTime());

    // Once: nothing new, and within the day even with something new.
    await sendDailyDigests(deps, now);
    await likeFrom(me, likers[0]!, crypto.randomUUID(), 'Later that day');
    await sendDailyDigests(deps, new Date(now.getTime() + 2 * HOUR));
    expect(smtp.mailsTo(me.user.email)).toHaveLength(1);

    // The next day: only what was not mailed before.
    await sendDailyDigests(deps, new Date(now.getTime() + 25 * HOUR));
    const next = await smtp.waitForMail(me.user.email);
    expect(next.subject).toBe('You have 1 new notification on Otakura');
    expect(next.text).toContain('Ai liked your post: “Later that day”');
    expect(next.text).not.toContain('Best <b>OP</b>');
    expect(smtp.mailsTo(me.user.email)).toHaveLength(2);
  });

  it('mails nobody with email off, with nothing unread, or with an unverified address', async () => {
    const actor = await createUser(t);
    const off = await createUser(t);
    const allRead = await createUser(t);
    const unverified = await createUser(t, { emailVerified: false });
    await emailOn(allRead);
    await emailOn(unverified);
    for (const u of [off, allRead, unverified]) {
      await likeFrom(u, actor, crypto.randomUUID(), 'Hello');
    }
    await allRead.http('/api/notifications/read', { method: 'POST', json: { all: true } });
    await sendDailyDigests(deps);
    for (const u of [off, allRead, unverified]) {
      expect(smtp.mailsTo(u.user.email)).toHaveLength(0);
      expect((await rowsOf(u))[0]!.emailedAt).toBeNull();
    }
  });

  it('gives the day back when the mail fails, and sends on the next tick', async () => {
    const me = await createUser(t);
    await emailOn(me);
    await likeFrom(me, await createUser(t), crypto.randomUUID(), 'Retry me');
    const errors: string[] = [];
    const broken: Mailer = {
      kind: 'smtp',
      async send() {
        throw new Error('mail server down');
      },
    };
    const sent = await sendDailyDigests({
      ...deps,
      mailer: broken,
      log: { error: (_o, m) => errors.push(m) },
    });
    expect(sent).toBe(0);
    expect(errors).toContain('notification digest failed');
    expect((await settingsOf(me)).lastDigestAt).toBeNull();
    expect((await rowsOf(me))[0]!.emailedAt).toBeNull();

    await sendDailyDigests(deps);
    expect((await smtp.waitForMail(me.user.email)).text).toContain('Retry me');
  });

  it('sends one digest when two run at once (a real race on PostgreSQL; serialised on PGlite)', async () => {
    const me = await createUser(t);
    await emailOn(me);
    await likeFrom(me, await createUser(t), crypto.randomUUID(), 'Only once');
    const now = new Date();
    await Promise.all([sendDailyDigests(deps, now), sendDailyDigests(deps, now)]);
    await smtp.waitForMail(me.user.email);
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(smtp.mailsTo(me.user.email)).toHaveLength(1);
  });

  it('the job ticks on its own and stops', async () => {
    const me = await createUser(t);
    await emailOn(me);
    await likeFrom(me, await createUser(t), crypto.randomUUID(), 'From the job');
    const stop = startDigestJob({ ...deps, kind: t.database.kind }, 50);
    try {
      expect((await smtp.waitForMail(me.user.email, { timeoutMs: 20_000 })).text).toContain(
        'From the job',
      );
    } finally {
      await stop();
    }
  });

  it('the server starts the job when ready and stops it on close (not under NODE_ENV=test)', async () => {
    const setSpy = vi.spyOn(globalThis, 'setInterval');
    const clearSpy = vi.spyOn(globalThis, 'clearInterval');
    try {
      const dev = await startTestServer(await createTestDatabase(), { NODE_ENV: 'development' });
      const started = setSpy.mock.results.filter(
        (_r, i) => setSpy.mock.calls[i]![1] === DIGEST_INTERVAL_MS,
      );
      expect(started).toHaveLength(1);
      await dev.close();
      expect(clearSpy).toHaveBeenCalledWith(started[0]!.value);
    } finally {
      setSpy.mockRestore();
      clearSpy.mockRestore();
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    'skips a tick while another process holds the digest lock (PostgreSQL)',
    async () => {
      const me = await createUser(t);
      await emailOn(me);
      await likeFrom(me, await createUser(t), crypto.randomUUID(), 'Locked out');
      const other = new pg.Client({ connectionString: t.database.pool!.options.connectionString });
      await other.connect();
      try {
        await other.query(
          "select pg_advisory_lock(hashtextextended('otakura:notification-digest', 0))",
        );
        expect(await runDigestTick({ ...deps, kind: 'postgres' })).toBeNull();
        expect(smtp.mailsTo(me.user.email)).toHaveLength(0);
        await other.query(
          "select pg_advisory_unlock(hashtextextended('otakura:notification-digest', 0))",
        );
        expect(await runDigestTick({ ...deps, kind: 'postgres' })).toBeGreaterThanOrEqual(1);
        await smtp.waitForMail(me.user.email);
      } finally {
        await other.end();
      }
    },
  );
});
