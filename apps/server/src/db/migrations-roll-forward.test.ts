/**
 * Upgrades keep data: a database is built one migration at a time from the oldest (0000), the
 * way successive releases would have left it, with rows written at the levels where the schema
 * changed, each valid for the schema of that moment. Then `migrateDatabase` takes it to the
 * newest level, and the rows must all be there, transformed as the migrations say, with the
 * newer constraints enforced. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, SYSTEM_USER_ID } from '../lib/ids';
import { createTestDatabase } from '../test/db';
import {
  migrateDatabase,
  queryRows,
  resolveMigrationsFolder,
  sqlState,
  type Database,
  type Db,
} from './client';

interface JournalEntry {
  idx: number;
  tag: string;
  when: number;
}
interface Journal {
  entries: JournalEntry[];
}

const folder = resolveMigrationsFolder();
const journal = JSON.parse(
  readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8'),
) as Journal & Record<string, unknown>;

/** A migrations folder holding only the first `count` migrations: a database of an older release. */
async function folderUpTo(root: string, count: number): Promise<string> {
  const dir = path.join(root, `level-${count}`);
  await mkdir(path.join(dir, 'meta'), { recursive: true });
  const entries = journal.entries.slice(0, count);
  await writeFile(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries)
    await copyFile(path.join(folder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

const ids = {
  alice: newId(),
  bob: newId(),
  community: newId(),
  post: newId(),
  comment: newId(),
  reply: newId(),
  manga: newId(),
  video: newId(),
  item: newId(),
  oldOrder: newId(),
  newOrder: newId(),
  openReport: newId(),
  dismissedReport: newId(),
  postReport: newId(),
  notification: newId(),
};

const run = (db: Db, query: ReturnType<typeof sql>) => db.execute(query);

/**
 * Rows written right after the migration of that tag, in that migration's schema (raw SQL:
 * today's Drizzle schema describes only the newest level).
 */
const writesAfter: Record<string, (db: Db) => Promise<void>> = {
  // The first release's schema: users, a community, a post, a reply thread, media, a shop.
  '0002_system_user': async (db) => {
    await run(
      db,
      sql`INSERT INTO users (id, name, email, email_verified, username, display_username, post_count)
          VALUES (${ids.alice}, 'Alice', 'alice@example.test', true, 'alice', 'Alice', 1),
                 (${ids.bob}, 'Bob', 'bob@example.test', true, 'bob', 'Bob', 0)`,
    );
    await run(
      db,
      sql`INSERT INTO communities (id, name, about, member_count, post_count)
          VALUES (${ids.community}, 'Mecha', 'Robots', 0, 1)`,
    );
    await run(
      db,
      sql`INSERT INTO posts (id, user_id, community_id, type, title, body, comment_count)
          VALUES (${ids.post}, ${ids.alice}, ${ids.community}, 0, 'First post', 'Hello', 2)`,
    );
    await run(
      db,
      sql`INSERT INTO comments (id, post_id, user_id, body) VALUES (${ids.comment}, ${ids.post}, ${ids.bob}, 'Nice')`,
    );
    await run(
      db,
      sql`INSERT INTO comments (id, post_id, user_id, reply_to_id, replying_user_id, body)
          VALUES (${ids.reply}, ${ids.post}, ${ids.alice}, ${ids.comment}, ${ids.bob}, 'Thanks')`,
    );
    await run(
      db,
      sql`INSERT INTO media (id, kind, title) VALUES (${ids.manga}, 'manga', 'Old Manga')`,
    );
    await run(
      db,
      sql`INSERT INTO shop_items (id, seller_id, name, price_cents, quantity)
          VALUES (${ids.item}, ${ids.alice}, 'Figure', 2500, 3)`,
    );
    await run(
      db,
      sql`INSERT INTO orders (id, user_id, status, subtotal_cents, shipping_cents, tax_cents, total_cents, provider)
          VALUES (${ids.oldOrder}, ${ids.bob}, 'paid', 2500, 0, 0, 2500, 'test')`,
    );
    await run(
      db,
      sql`INSERT INTO order_items (id, order_id, item_id, name, unit_price_cents, quantity)
          VALUES (${newId()}, ${ids.oldOrder}, ${ids.item}, 'Figure', 2500, 1)`,
    );
    // A comment report from before reports had a reason (0005) and before they moved (0009).
    await run(
      db,
      sql`INSERT INTO comment_reports (id, comment_id, reporter_id, author_id, comment_text, post_id, community_id)
          VALUES (${ids.openReport}, ${ids.reply}, ${ids.bob}, ${ids.alice}, 'Thanks', ${ids.post}, ${ids.community})`,
    );
  },
  '0005_comment_report_reasons': async (db) => {
    await run(
      db,
      sql`INSERT INTO comment_reports (id, comment_id, reporter_id, author_id, comment_text, post_id, status, reason, details, resolved_by_id, resolved_at)
          VALUES (${ids.dismissedReport}, ${ids.comment}, ${ids.alice}, ${ids.bob}, 'Nice', ${ids.post}, 'dismissed', 'spam', 'ads', ${ids.alice}, now())`,
    );
  },
  '0006_media_library': async (db) => {
    await run(
      db,
      sql`INSERT INTO media (id, kind, title, keywords, reading_direction)
          VALUES (${ids.video}, 'video', 'New Show', ARRAY['space', 'opera'], 'rtl')`,
    );
  },
  '0007_orders_checkout': async (db) => {
    await run(
      db,
      sql`INSERT INTO orders (id, user_id, status, subtotal_cents, shipping_cents, tax_cents, total_cents, provider, discount_cents, promo_code)
          VALUES (${ids.newOrder}, ${ids.bob}, 'pending', 2500, 0, 0, 2000, 'test', 500, 'SPRING')`,
    );
  },
  '0008_moderation_notifications': async (db) => {
    await run(
      db,
      sql`INSERT INTO reports (id, target_type, target_id, reporter_id, author_id, snapshot, reason, post_id)
          VALUES (${ids.postReport}, 'post', ${ids.post}, ${ids.bob}, ${ids.alice}, 'First post', 'spoiler', ${ids.post})`,
    );
    await run(
      db,
      sql`INSERT INTO notifications (id, user_id, type, group_key, target_type, target_id, link, actor_count)
          VALUES (${ids.notification}, ${ids.alice}, 'comment', ${`comment:${ids.post}`}, 'post', ${ids.post}, '/p/1', 1)`,
    );
  },
};

async function one<T extends Record<string, unknown>>(db: Db, query: ReturnType<typeof sql>) {
  const rows = await queryRows<T>(db, query);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe('migrations roll forward from the oldest level with data in it', () => {
  let database: Database;
  let root: string;
  const levelsWritten: string[] = [];

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'otakura-roll-forward-'));
    database = await createTestDatabase({ migrated: false });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('step through every migration, writing rows where the schema changed, then reach the newest', async () => {
    const latest = journal.entries.length;
    // Stop one short of the newest: the last step is the normal start of the newest release.
    for (let count = 1; count < latest; count++) {
      const { applied } = await migrateDatabase(database, {
        migrationsFolder: await folderUpTo(root, count),
        analyze: false,
      });
      expect(applied).toBe(1);
      const tag = journal.entries[count - 1]!.tag;
      if (writesAfter[tag]) {
        await writesAfter[tag](database.db);
        levelsWritten.push(tag);
      }
    }
    expect(levelsWritten).toEqual(
      Object.keys(writesAfter).filter((tag) =>
        journal.entries.slice(0, latest - 1).some((e) => e.tag === tag),
      ),
    );
    expect(levelsWritten.length).toBeGreaterThanOrEqual(4);
    const { applied } = await migrateDatabase(database);
    expect(applied).toBe(1);
    const [level] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    );
    expect(level!.n).toBe(latest);
    expect((await migrateDatabase(database)).applied).toBe(0);
  }, 180_000);

  it('keep every row written at the older levels', async () => {
    const db = database.db;
    const users = await queryRows<{ id: string; username: string }>(
      db,
      sql`SELECT id, username FROM users ORDER BY username`,
    );
    expect(users).toEqual([
      { id: ids.alice, username: 'alice' },
      { id: ids.bob, username: 'bob' },
      { id: SYSTEM_USER_ID, username: 'system' },
    ]);
    expect(
      await one(db, sql`SELECT title, comment_count FROM posts WHERE id = ${ids.post}`),
    ).toEqual({ title: 'First post', comment_count: 2 });
    expect(await one(db, sql`SELECT reply_to_id FROM comments WHERE id = ${ids.reply}`)).toEqual({
      reply_to_id: ids.comment,
    });
    expect(await one<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM order_items`)).toEqual({
      n: 1,
    });
    expect(await one<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM notifications`)).toEqual(
      { n: 1 },
    );
  });

  it('fill the columns later migrations added with their defaults, and computed ones', async () => {
    const db = database.db;
    // 0006: media of the first release get a reading direction, no keywords, a search text.
    expect(
      await one(
        db,
        sql`SELECT reading_direction, keywords, search_text FROM media WHERE id = ${ids.manga}`,
      ),
    ).toEqual({ reading_direction: 'ltr', keywords: [], search_text: 'Old Manga\n' });
    expect(await one(db, sql`SELECT search_text FROM media WHERE id = ${ids.video}`)).toEqual({
      search_text: 'New Show\nspace\nopera',
    });
    // 0007: an order from before discounts has none.
    expect(
      await one(db, sql`SELECT discount_cents, promo_code FROM orders WHERE id = ${ids.oldOrder}`),
    ).toEqual({ discount_cents: 0, promo_code: null });
  });

  it('move the comment reports of every older level into reports (0009), nothing lost', async () => {
    const db = database.db;
    expect(
      await one(db, sql`SELECT to_regclass('public.comment_reports') IS NULL AS gone`),
    ).toEqual({ gone: true });
    const reports = await queryRows<Record<string, unknown>>(
      db,
      sql`SELECT id, target_type, target_id, reason, details, status, resolution_action, snapshot
          FROM reports ORDER BY snapshot`,
    );
    expect(reports).toEqual([
      {
        id: ids.postReport,
        target_type: 'post',
        target_id: ids.post,
        reason: 'spoiler',
        details: null,
        status: 'open',
        resolution_action: null,
        snapshot: 'First post',
      },
      {
        id: ids.dismissedReport,
        target_type: 'comment',
        target_id: ids.comment,
        reason: 'spam',
        details: 'ads',
        status: 'dismissed',
        resolution_action: 'dismiss',
        snapshot: 'Nice',
      },
      {
        // Written before 0005 gave reports a reason: the default it added.
        id: ids.openReport,
        target_type: 'comment',
        target_id: ids.reply,
        reason: 'other',
        details: null,
        status: 'open',
        resolution_action: null,
        snapshot: 'Thanks',
      },
    ]);
  });

  it('enforce the newer constraints on the upgraded database', async () => {
    const db = database.db;
    const failure = async (query: ReturnType<typeof sql>) => {
      try {
        await db.execute(query);
      } catch (err) {
        return sqlState(err);
      }
      return 'no error';
    };
    // 0006: reading direction; 0008: report target types and one report per reporter and target.
    expect(
      await failure(sql`UPDATE media SET reading_direction = 'up' WHERE id = ${ids.manga}`),
    ).toBe('23514');
    expect(
      await failure(
        sql`INSERT INTO reports (id, target_type, target_id, reporter_id, snapshot, reason)
            VALUES (${newId()}, 'planet', ${ids.post}, ${ids.bob}, 'x', 'other')`,
      ),
    ).toBe('23514');
    expect(
      await failure(
        sql`INSERT INTO reports (id, target_type, target_id, reporter_id, snapshot, reason)
            VALUES (${newId()}, 'comment', ${ids.reply}, ${ids.bob}, 'again', 'spam')`,
      ),
    ).toBe('23505');
    // 0003: uploads belong to an existing user.
    expect(
      await failure(
        sql`INSERT INTO uploads (id, user_id, kind, key, size)
            VALUES (${newId()}, ${newId()}, 'image', 'k', 1)`,
      ),
    ).toBe('23503');
  });
});
