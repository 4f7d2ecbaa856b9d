import { sql } from 'drizzle-orm';
import type { Health } from '@otakura/shared';
import type { AppContext } from '../../plugins/context';

async function timed(
  fn: () => Promise<void>,
): Promise<{ ok: boolean; ms: number; error?: string }> {
  const t0 = performance.now();
  try {
    await fn();
    return { ok: true, ms: Math.round((performance.now() - t0) * 10) / 10 };
  } catch (e) {
    return {
      ok: false,
      ms: Math.round(performance.now() - t0),
      error: e instanceof Error ? e.message : String(e),
    };
  }
}

/** Checks the database and the storage and counts the content (the system user is not counted). */
export async function getHealth(ctx: AppContext): Promise<Health> {
  const [dbCheck, storageCheck] = await Promise.all([
    timed(() => ctx.database.ping()),
    timed(() => ctx.storage.ping()),
  ]);
  let counts: Health['counts'] = null;
  if (dbCheck.ok) {
    const res = await ctx.database.db.execute<Record<string, string | number>>(sql`
      select
        (select count(*) from users where id <> '00000000-0000-7000-8000-000000000000') as users,
        (select count(*) from communities) as communities,
        (select count(*) from posts) as posts,
        (select count(*) from comments) as comments,
        (select count(*) from media) as media,
        (select count(*) from shop_items) as "shopItems"`);
    const row = (res as unknown as { rows: Record<string, string | number>[] }).rows[0] ?? {};
    counts = {
      users: Number(row.users ?? 0),
      communities: Number(row.communities ?? 0),
      posts: Number(row.posts ?? 0),
      comments: Number(row.comments ?? 0),
      media: Number(row.media ?? 0),
      shopItems: Number(row.shopItems ?? 0),
    };
  }
  return {
    status: dbCheck.ok && storageCheck.ok ? 'ok' : 'degraded',
    product: ctx.config.productName,
    database: {
      status: dbCheck.ok ? 'ok' : 'down',
      kind: ctx.database.kind,
      latencyMs: dbCheck.ms,
      error: dbCheck.error,
    },
    storage: {
      status: storageCheck.ok ? 'ok' : 'down',
      kind: ctx.storage.kind,
      latencyMs: storageCheck.ms,
      error: storageCheck.error,
    },
    counts,
  };
}
