/**
 * The PostgreSQL bus against a real PostgreSQL (DATABASE_URL). Skipped on the embedded
 * pass only: with DATABASE_URL set these run, and fail if the bus does not work.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@otakura/shared';
import { queryRows, type Database } from '../../db/client';
import { createTestDatabase } from '../../test/db';
import {
  createPgLiveBus,
  encodeEnvelope,
  LIVE_CHANNEL,
  MAX_EVENT_BYTES,
  MAX_PAYLOAD_BYTES,
  type PgLiveBus,
} from './pg-live-bus';

const quiet = { warn: () => {}, error: () => {} };

function collect(bus: PgLiveBus): LiveEvent[] {
  const got: LiveEvent[] = [];
  bus.subscribe((e) => got.push(e));
  return got;
}

async function until(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.runIf(process.env.DATABASE_URL)('createPgLiveBus (PostgreSQL LISTEN/NOTIFY)', () => {
  let database: Database;
  const buses: PgLiveBus[] = [];
  const bus = async () => {
    const b = createPgLiveBus(database.pool!, {
      log: quiet,
      reconnectMinMs: 50,
      reconnectMaxMs: 200,
    });
    buses.push(b);
    await b.ready();
    return b;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.close()));
  });
  afterAll(async () => {
    await database?.close();
  });

  it('delivers each event exactly once to every server, the sender included', async () => {
    const a = await bus();
    const b = await bus();
    const gotA = collect(a);
    const gotB = collect(b);
    const event: LiveEvent = {
      type: 'comment.liked',
      topic: 'post:x',
      commentId: 'c1',
      likeCount: 3,
      actorId: 'u1',
    };
    await a.publish(event);
    await b.publish({ ...event, likeCount: 4 });
    await until(() => gotA.length >= 2 && gotB.length >= 2);
    // Anything doubled would have arrived by now.
    await new Promise((r) => setTimeout(r, 150));
    expect(gotA).toEqual([event, { ...event, likeCount: 4 }]);
    expect(gotB.map((e) => (e as { likeCount: number }).likeCount).sort()).toEqual([3, 4]);
  });

  it("carries an event over NOTIFY's 8000-byte limit to the other servers intact, in pieces", async () => {
    const a = await bus();
    const b = await bus();
    const gotA = collect(a);
    const gotB = collect(b);
    // Multi-byte text (2-, 3- and 4-byte UTF-8) so a piece boundary falls inside a character.
    const userId = 'é漢😀x'.repeat(4000);
    const big: LiveEvent = { type: 'user.updated', topic: 'user:x', userId };
    expect(Buffer.byteLength(JSON.stringify(big), 'utf8')).toBeGreaterThan(3 * 8000);
    const small: LiveEvent = { type: 'user.updated', topic: 'user:x', userId: 'small' };
    await a.publish(big);
    await a.publish(small);
    await until(() => gotB.length >= 2);
    expect(gotB).toEqual([big, small]);
    expect(gotA).toEqual([big, small]);
  });

  it('puts large events of two servers back together when their pieces interleave, and never delivers an incomplete one', async () => {
    const b = await bus();
    const gotB = collect(b);
    const one = encodeEnvelope({
      o: 'server-1',
      e: { type: 'user.updated', topic: 'user:1', userId: '1'.repeat(20_000) },
    })!;
    const two = encodeEnvelope({
      o: 'server-2',
      e: { type: 'user.updated', topic: 'user:2', userId: '2'.repeat(20_000) },
    })!;
    const partial = encodeEnvelope({
      o: 'server-3',
      e: { type: 'user.updated', topic: 'user:3', userId: '3'.repeat(20_000) },
    })!;
    expect(one.length).toBeGreaterThan(2);
    for (const p of [...one, ...two, ...partial])
      expect(Buffer.byteLength(p, 'utf8')).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    const interleaved = [
      ...partial.slice(1),
      ...one.flatMap((p, i) => [p, two[two.length - 1 - i]!]),
    ];
    await database.pool!.query('SELECT count(pg_notify($1, p)) FROM unnest($2::text[]) AS p', [
      LIVE_CHANNEL,
      interleaved,
    ]);
    await until(() => gotB.length >= 2);
    await new Promise((r) => setTimeout(r, 150));
    expect(gotB.map((e) => (e as { topic: string }).topic).sort()).toEqual(['user:1', 'user:2']);
    expect((gotB[0] as { userId: string }).userId).toHaveLength(20_000);
  });

  it('keeps an event over MAX_EVENT_BYTES on the sending server', async () => {
    const a = await bus();
    const b = await bus();
    const gotA = collect(a);
    const gotB = collect(b);
    const huge: LiveEvent = {
      type: 'user.updated',
      topic: 'user:x',
      userId: 'x'.repeat(MAX_EVENT_BYTES + 1),
    };
    await a.publish(huge);
    await a.publish({ type: 'user.updated', topic: 'user:x', userId: 'small' });
    await until(() => gotB.length >= 1);
    expect(gotA).toHaveLength(2);
    expect(gotB).toEqual([{ type: 'user.updated', topic: 'user:x', userId: 'small' }]);
  });

  it('reconnects after losing its LISTEN connection, asks for a resync, and receives again', async () => {
    const a = await bus();
    const gotA = collect(a);
    const [killed] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
          where datname = current_database() and query = ${`LISTEN ${LIVE_CHANNEL}`}`,
    );
    expect(killed!.n).toBe(1);
    await until(() => gotA.some((e) => e.type === 'resync'));
    expect(a.isListening()).toBe(true);

    // Another server's event reaches it again.
    await database.pool!.query('SELECT pg_notify($1, $2)', [
      LIVE_CHANNEL,
      JSON.stringify({
        o: 'another-server',
        e: { type: 'post.deleted', topic: 'post:y', postId: 'y' },
      }),
    ]);
    await until(() => gotA.some((e) => e.type === 'post.deleted'));
  });

  it('ignores notifications it cannot read', async () => {
    const a = await bus();
    const gotA = collect(a);
    await database.pool!.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, 'not json']);
    await database.pool!.query('SELECT pg_notify($1, $2)', [
      LIVE_CHANNEL,
      JSON.stringify({ o: 'x', e: { type: 'resync' } }),
    ]);
    await until(() => gotA.length >= 1);
    expect(gotA).toEqual([{ type: 'resync' }]);
  });
});
