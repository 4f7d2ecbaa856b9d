/**
 * `npm run admin -- <command> <email>`: roles and bans from the command line.
 *
 *   grant <email> [admin|moderator]   give a role (admin by default)
 *   revoke <email>                    back to an ordinary user
 *   ban <email> [reason…]             disable the account and end its sessions
 *   unban <email>                     enable it again
 *
 * It opens the database the way the server does (DATABASE_URL, or PGlite in DATA_DIR/db).
 * PGlite cannot be shared between processes, so with the embedded database it refuses to
 * run while the server is running on the same DATA_DIR.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LiveEvent } from '@otakura/shared';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { ConfigError, loadConfig, type AppConfig } from '../config/env';
import { migrateDatabase, openDatabase, type Database, type Db } from '../db/client';
import { acquireDataDirLock } from '../db/lock';
import { sessions, users } from '../db/schema';
import { displayName } from '../lib/user-summary';
import { LIVE_CHANNEL } from '../modules/live/pg-live-bus';
import { recordAudit } from '../modules/moderation/audit.service';

export const ROLES = ['user', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** A problem to print as is (no stack): bad usage, unknown account, database in use. */
export class AdminCliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminCliError';
  }
}

export const USAGE = `Usage: npm run admin -- <command> <email>

  grant <email> [admin|moderator]   give a role (admin by default)
  revoke <email>                    make the account an ordinary user again
  ban <email> [reason]              disable the account and sign it out everywhere
  unban <email>                     enable the account again`;

async function findUser(db: Db, email: string) {
  const normalised = email.trim().toLowerCase();
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      banned: users.banned,
      username: users.username,
      displayUsername: users.displayUsername,
    })
    .from(users)
    .where(eq(users.email, normalised))
    .limit(1);
  if (!user) throw new AdminCliError(`No account has the email ${normalised}.`);
  return user;
}

/**
 * Gives the account `role`. Returns the role it had. A change writes the audit log (`role.grant`,
 * or `role.revoke` back to user) with a null actor: the command line.
 */
export async function setRole(
  db: Db,
  email: string,
  role: Role,
): Promise<{ email: string; previous: string }> {
  const user = await findUser(db, email);
  if (user.role !== role) {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ role }).where(eq(users.id, user.id));
      await recordAudit(tx, {
        actorId: null,
        action: role === 'user' ? 'role.revoke' : 'role.grant',
        targetType: 'user',
        targetId: user.id,
        subjectId: user.id,
        label: displayName(user),
        details: { from: user.role, to: role, via: 'cli' },
      });
    });
  }
  return { email: user.email, previous: user.role };
}

/**
 * Bans (ending every session of the account) or unbans it, with an audit line
 * (`user.suspend` / `user.unsuspend`, null actor). Unbanning an account that is not banned
 * changes nothing and writes nothing.
 */
export async function setBanned(
  db: Db,
  email: string,
  banned: boolean,
  reason?: string,
): Promise<{ email: string }> {
  const user = await findUser(db, email);
  if (!banned && !user.banned) return { email: user.email };
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set(
        banned
          ? { banned: true, banReason: reason ?? null, banExpires: null }
          : { banned: false, banReason: null, banExpires: null },
      )
      .where(eq(users.id, user.id));
    if (banned) await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await recordAudit(tx, {
      actorId: null,
      action: banned ? 'user.suspend' : 'user.unsuspend',
      targetType: 'user',
      targetId: user.id,
      subjectId: user.id,
      reason: banned ? (reason ?? null) : null,
      label: displayName(user),
      details: banned ? { durationDays: null, via: 'cli' } : { via: 'cli' },
    });
  });
  return { email: user.email };
}

/** Runs one command (`argv` without the program name) and returns what to print. */
export async function runAdminCommand(db: Db, argv: string[]): Promise<string> {
  const [command, email, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') return USAGE;
  if (!email) throw new AdminCliError(`Which account? Give its email.\n\n${USAGE}`);
  switch (command) {
    case 'grant': {
      const role = (rest[0] ?? 'admin') as Role;
      if (role !== 'admin' && role !== 'moderator') {
        throw new AdminCliError(`"${rest[0]}" is not a role to grant: use admin or moderator.`);
      }
      const r = await setRole(db, email, role);
      return r.previous === role
        ? `${r.email} was already ${role}.`
        : `${r.email} is now ${role} (was ${r.previous}).`;
    }
    case 'revoke': {
      const r = await setRole(db, email, 'user');
      return r.previous === 'user'
        ? `${r.email} had no role to revoke.`
        : `${r.email} is now an ordinary user (was ${r.previous}).`;
    }
    case 'ban': {
      const r = await setBanned(db, email, true, rest.join(' ') || undefined);
      return `${r.email} is banned and signed out everywhere.`;
    }
    case 'unban': {
      const r = await setBanned(db, email, false);
      return `${r.email} is no longer banned.`;
    }
    default:
      throw new AdminCliError(`Unknown command "${command}".\n\n${USAGE}`);
  }
}

/**
 * Opens the configured database for the CLI. With PGlite it first takes the data folder's
 * lock, so it never writes beside a running server (the write would be silently lost).
 */
export async function openAdminDatabase(
  config: AppConfig,
): Promise<{ database: Database; release: () => Promise<void> }> {
  if (config.databaseUrl) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, poolMax: 1 });
    return { database, release: async () => {} };
  }
  const dbDir = path.join(config.dataDir, 'db');
  if (!existsSync(dbDir)) {
    throw new AdminCliError(
      `There is no database in ${dbDir} yet. Start the server once (npm start), then run this again.`,
    );
  }
  let release: () => Promise<void>;
  try {
    release = await acquireDataDirLock(config.dataDir);
  } catch (err) {
    throw new AdminCliError(
      `${err instanceof Error ? err.message : String(err)}\n` +
        'The embedded database can be opened by one process at a time: stop the server, run this command, then start the server again.',
    );
  }
  try {
    const database = await openDatabase({ dataDir: dbDir });
    return { database, release };
  } catch (err) {
    await release();
    throw err;
  }
}

/**
 * Servers sharing a PostgreSQL database cache sessions for up to 30 s (auth/session-cache.ts):
 * tell them, through the live bus they LISTEN on, that this account's role or ban changed.
 * (With PGlite no server runs beside the command: the data folder's lock says so.)
 */
export async function tellRunningServers(pool: pg.Pool, userId: string): Promise<void> {
  const event: LiveEvent = { type: 'session.invalidate', userId };
  // The bus's envelope (pg-live-bus.ts): `o` is the publishing bus, unknown to every server.
  await pool.query('SELECT pg_notify($1, $2)', [
    LIVE_CHANNEL,
    JSON.stringify({ o: randomUUID(), e: event }),
  ]);
}

async function main(argv: string[]): Promise<number> {
  // `npm run admin` runs in apps/server; a relative DATA_DIR means the folder npm was started
  // in (the repository root, like `npm start`).
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      return 1;
    }
    throw e;
  }
  if (argv.length === 0 || ['help', '--help', '-h'].includes(argv[0]!)) {
    console.log(USAGE);
    return argv.length === 0 ? 1 : 0;
  }
  let opened: Awaited<ReturnType<typeof openAdminDatabase>> | undefined;
  try {
    opened = await openAdminDatabase(config);
    console.log(
      `Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : path.join(config.dataDir, 'db')}`,
    );
    await migrateDatabase(opened.database);
    console.log(await runAdminCommand(opened.database.db, argv));
    if (opened.database.pool && argv[1]) {
      await tellRunningServers(
        opened.database.pool,
        (await findUser(opened.database.db, argv[1])).id,
      );
    }
    return 0;
  } catch (e) {
    if (e instanceof AdminCliError) {
      console.error(e.message);
      return 1;
    }
    throw e;
  } finally {
    await opened?.database.close();
    await opened?.release();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
