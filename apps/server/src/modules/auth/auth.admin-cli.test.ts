import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminCliError, openAdminDatabase, runAdminCommand } from '../../cli/admin';
import { loadConfig } from '../../config/env';
import { sessions, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/app';
import { flushMail } from '../mail/mailer';
import { TestClient, uniqueUser } from './auth.test-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  if (t) await flushMail(t.ctx.mailer);
  await t?.close();
});

async function userRow(email: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  return row!;
}

describe('npm run admin', () => {
  it('grants and revokes roles', async () => {
    const u = uniqueUser('boss');
    await t.ctx.auth.api.signUpEmail({ body: u });
    const db = t.database.db;

    expect(await runAdminCommand(db, ['grant', u.email.toUpperCase()])).toBe(
      `${u.email} is now admin (was user).`,
    );
    expect((await userRow(u.email)).role).toBe('admin');
    // The session sees the role at once (no cache).
    const c = new TestClient(t);
    await c.signIn(u.email, u.password);
    expect((await c.session())?.user.role).toBe('admin');

    expect(await runAdminCommand(db, ['grant', u.email, 'moderator'])).toBe(
      `${u.email} is now moderator (was admin).`,
    );
    expect(await runAdminCommand(db, ['revoke', u.email])).toBe(
      `${u.email} is now an ordinary user (was moderator).`,
    );
    expect((await userRow(u.email)).role).toBe('user');
  });

  it('bans (ending every session) and unbans', async () => {
    const u = uniqueUser('rowdy');
    await t.ctx.auth.api.signUpEmail({ body: u });
    const c = new TestClient(t);
    await c.signIn(u.email, u.password);
    expect(await c.session()).not.toBeNull();

    expect(await runAdminCommand(t.database.db, ['ban', u.email, 'spam'])).toBe(
      `${u.email} is banned and signed out everywhere.`,
    );
    expect(await userRow(u.email)).toMatchObject({ banned: true, banReason: 'spam' });
    expect(await c.session()).toBeNull();
    const { id } = await userRow(u.email);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(
      0,
    );
    const refused = await new TestClient(t).signIn(u.email, u.password);
    expect(refused.status).toBe(403);

    await runAdminCommand(t.database.db, ['unban', u.email]);
    expect((await new TestClient(t).signIn(u.email, u.password)).status).toBe(200);
  });

  it('explains bad usage and unknown accounts', async () => {
    const db = t.database.db;
    await expect(runAdminCommand(db, ['grant', 'nobody@example.test'])).rejects.toThrow(
      'No account has the email nobody@example.test.',
    );
    await expect(runAdminCommand(db, ['grant'])).rejects.toBeInstanceOf(AdminCliError);
    await expect(runAdminCommand(db, ['grant', 'x@example.test', 'emperor'])).rejects.toThrow(
      'is not a role to grant',
    );
    await expect(runAdminCommand(db, ['promote', 'x@example.test'])).rejects.toThrow(
      'Unknown command "promote"',
    );
    expect(await runAdminCommand(db, [])).toContain('Usage: npm run admin');
  });

  it('refuses to open the embedded database while a server holds its data folder', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'otakura-admin-'));
    try {
      mkdirSync(path.join(dataDir, 'db'));
      // A live process (our parent) holds the lock, as a running server would.
      writeFileSync(
        path.join(dataDir, 'otakura.lock'),
        JSON.stringify({
          pid: process.ppid,
          startedAt: 0,
          hostname: os.hostname(),
          token: 'server',
        }),
      );
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
      await expect(openAdminDatabase(config)).rejects.toThrow(/is using .*\n.*stop the server/s);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('says when there is no embedded database yet', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'otakura-admin-'));
    try {
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
      await expect(openAdminDatabase(config)).rejects.toThrow('Start the server once');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
