/**
 * Issue 11: two real app processes (dist/server.js) on one PostgreSQL database and one Redis,
 * behind nginx running the shipped deploy/nginx.conf, with files on S3 (the local stand-in).
 * Proves: a session works on both; a like made on one reaches a socket held by the other; a
 * rate limit counts across both (Redis); an upload through one is served by the other; killing
 * one process mid-stream loses no acknowledged write, costs each client at most its in-flight
 * request, and nginx then sends everything to the survivor.
 *
 * Runs in the PostgreSQL pass (`npm run test:pg`); there it FAILS when nginx or Redis is missing.
 */
import { randomBytes } from 'node:crypto';
import http2 from 'node:http2';
import { and, eq, inArray } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommentSchema, UploadSchema } from '@otakura/shared';
import { comments, postLikes } from '../db/schema';
import { openLive, type LiveTestClient } from '../modules/live/live.test-helpers';
import { AUTH_RATE_LIMITS } from '../modules/auth/auth.rate-limit';
import { COMMENT_RATE_LIMITS } from '../modules/comments/comments.rate-limit';
import { startLocalS3, type LocalS3 } from '../storage/s3rver.test-helper';
import { pngOf } from '../modules/uploads/test-fixtures';
import { startTestServer, type TestApp } from './app';
import { createTestDatabase } from './db';
import { cookiesFrom, createCommunity, createPost, createUser, type TestUser } from './factories';
import {
  ensureServerBuild,
  findNginx,
  freePort,
  startNginx,
  startServerProcess,
  type RunningNginx,
  type ServerProcess,
} from './proxy-cluster';

// The local Redis of the other Redis tests (apps/server/src/test/redis.ts), loopback only.
const REDIS_URL = process.env.REDIS_TEST_URL || 'redis://127.0.0.1:6379';
/** Keys of this run only: parallel runs and other tests share the Redis server. */
const REDIS_KEY_PREFIX = `test:proxy-cluster:${randomBytes(4).toString('hex')}:`;

/** Fails loudly when Redis is not running: the shared rate limit cannot be proven without it. */
async function openRedis(): Promise<Redis> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    redis.disconnect();
    throw new Error(`this test needs Redis at ${REDIS_URL} (set REDIS_TEST_URL): ${String(err)}`);
  }
  return redis;
}
const AUTH_SECRET = randomBytes(32).toString('hex');
const METRICS_TOKEN = randomBytes(16).toString('hex');

type Http = (path: string, init?: RequestInit & { json?: unknown }) => Promise<Response>;

describe.runIf(process.env.DATABASE_URL)(
  'two app processes behind nginx (deploy/nginx.conf)',
  () => {
    let factory: TestApp; // writes test data straight to the database; never behind the proxy
    let s3: LocalS3;
    let nginx: RunningNginx;
    let a: ServerProcess;
    let b: ServerProcess;
    let redis: Redis;
    const sockets: LiveTestClient[] = [];

    /** fetch against `base` as `cookie`, with the Origin a browser on PUBLIC_URL sends on writes. */
    const httpOn =
      (base: string, cookie = ''): Http =>
      (pathname, init = {}) => {
        const { json, ...rest } = init;
        const headers = new Headers(rest.headers);
        if (cookie) headers.set('cookie', cookie);
        if (json !== undefined) headers.set('content-type', 'application/json');
        if (rest.method && rest.method !== 'GET') headers.set('origin', nginx.url);
        return fetch(base + pathname, {
          ...rest,
          headers,
          body: json !== undefined ? JSON.stringify(json) : rest.body,
        });
      };
    /** The process that made an answer (nginx's X-Upstream: the last address tried). */
    const servedBy = (res: Response): string => {
      const tried = res.headers.get('x-upstream') ?? '';
      const last = tried.split(',').pop()!.trim();
      if (last === `127.0.0.1:${a.port}`) return 'a';
      if (last === `127.0.0.1:${b.port}`) return 'b';
      throw new Error(`answer not from a known process: X-Upstream "${tried}"`);
    };

    beforeAll(async () => {
      findNginx(); // fails loudly, before anything starts
      redis = await openRedis();
      ensureServerBuild();
      const database = await createTestDatabase();
      const databaseUrl = database.pool?.options.connectionString;
      if (!databaseUrl) throw new Error('the test database has no connection string');
      factory = await startTestServer(database, { AUTH_SECRET }, true);
      s3 = await startLocalS3();
      const [portA, portB] = [await freePort(), await freePort()];
      nginx = await startNginx({ upstreamPorts: [portA, portB], debugUpstream: true });
      const env = {
        DATABASE_URL: databaseUrl,
        AUTH_SECRET,
        METRICS_TOKEN,
        PUBLIC_URL: nginx.url,
        TRUST_PROXY: 'true',
        REDIS_URL,
        REDIS_KEY_PREFIX,
        S3_BUCKET: s3.options.bucket,
        S3_ENDPOINT: s3.options.endpoint!,
        S3_REGION: s3.options.region!,
        S3_ACCESS_KEY_ID: s3.options.accessKeyId!,
        S3_SECRET_ACCESS_KEY: s3.options.secretAccessKey!,
        S3_FORCE_PATH_STYLE: 'true',
      };
      [a, b] = await Promise.all([
        startServerProcess('a', portA, env),
        startServerProcess('b', portB, env),
      ]);
    }, 240_000);

    afterAll(async () => {
      await Promise.all(sockets.splice(0).map((s) => s.close().catch(() => undefined)));
      await nginx?.stop();
      await Promise.all([a?.stop(), b?.stop()]);
      await s3?.close();
      await factory?.close(); // drops the database
      if (redis) {
        const keys = await redis.keys(`${REDIS_KEY_PREFIX}*`);
        if (keys.length) await redis.del(...keys);
        redis.disconnect();
      }
    }, 60_000);

    it('spreads requests over both processes', async () => {
      const seen = new Set<string>();
      for (let i = 0; i < 6; i++) {
        const res = await fetch(`${nginx.url}/api/health`);
        expect(res.status).toBe(200);
        seen.add(servedBy(res));
      }
      expect([...seen].sort()).toEqual(['a', 'b']);
    });

    it("hands the app nginx's request id and keeps /metrics inside", async () => {
      const res = await fetch(`${nginx.url}/api/health/live`);
      expect(res.status).toBe(200);
      const id = res.headers.get('x-request-id') ?? '';
      expect(id).toMatch(/^[0-9a-f]{32}$/); // nginx's $request_id, kept by the app
      await expect.poll(() => nginx.accessLog(), { timeout: 5000 }).toContain(`id=${id}`);

      const auth = { authorization: `Bearer ${METRICS_TOKEN}` };
      expect((await fetch(`${a.url}/metrics`, { headers: auth })).status).toBe(200);
      expect((await fetch(`${nginx.url}/metrics`, { headers: auth })).status).toBe(404);
    });

    it("keeps a user's session on both processes (signed in through the proxy)", async () => {
      const user = await createUser(factory, { signIn: false });
      const signIn = await httpOn(nginx.url)('/api/auth/sign-in/email', {
        method: 'POST',
        json: { email: user.user.email, password: user.password },
      });
      expect(signIn.status, await signIn.clone().text()).toBe(200);
      const cookie = cookiesFrom(signIn);
      expect(cookie).not.toBe('');
      for (const direct of [a, b]) {
        const me = await httpOn(direct.url, cookie)('/api/me');
        expect(me.status, `GET /api/me on process ${direct.name}`).toBe(200);
        expect(((await me.json()) as { id: string }).id).toBe(user.user.id);
      }
    });

    it('delivers a like made on either process to a socket opened through the proxy', async () => {
      const [owner, likerA, likerB] = [
        await createUser(factory),
        await createUser(factory),
        await createUser(factory),
      ];
      const post = await createPost(factory, { userId: owner.user.id });
      // The socket is held by one process; one of the two likes below is made on the other.
      const socket = await openLive(nginx.url, { cookie: owner.cookie, origin: nginx.url });
      sockets.push(socket);
      await socket.subscribe([`post:${post.id}`]);

      for (const [liker, direct] of [
        [likerA, a],
        [likerB, b],
      ] as const) {
        const res = await httpOn(direct.url, liker.cookie)(`/api/posts/${post.id}/like`, {
          method: 'PUT',
        });
        expect(res.status).toBe(200);
        expect(
          await socket.next('post.liked', (e) => e.actorId === liker.user.id, 10_000),
          `the like made on process ${direct.name}`,
        ).toMatchObject({ postId: post.id });
      }
    });

    it('counts a rate limit across both processes (Redis)', async () => {
      const max = COMMENT_RATE_LIMITS.create.max;
      const user = await createUser(factory);
      const post = await createPost(factory, { userId: user.user.id });
      const http = httpOn(nginx.url, user.cookie);
      const statuses: number[] = [];
      const servers = new Set<string>();
      for (let i = 0; i < max + 6; i++) {
        const res = await http(`/api/posts/${post.id}/comments`, {
          method: 'POST',
          json: { body: `comment ${i}` },
        });
        statuses.push(res.status);
        servers.add(servedBy(res));
      }
      // Both processes answered, yet together they allowed the limit once: in memory, each
      // process would have allowed `max` of its own.
      expect([...servers].sort()).toEqual(['a', 'b']);
      expect(statuses).toEqual([...Array<number>(max).fill(201), ...Array<number>(6).fill(429)]);
      expect(await redis.keys(`${REDIS_KEY_PREFIX}*`)).not.toEqual([]);
    });

    it('serves a file uploaded through one process from the other (S3)', async () => {
      const user = await createUser(factory);
      const form = new FormData();
      form.append(
        'file',
        new Blob([new Uint8Array(await pngOf(64, 48))], { type: 'image/png' }),
        'p.png',
      );
      const res = await httpOn(nginx.url, user.cookie)('/api/uploads', {
        method: 'POST',
        body: form,
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const uploaded = UploadSchema.parse(await res.json());
      const other = servedBy(res) === 'a' ? b : a;
      const fromOther = await fetch(other.url + uploaded.url);
      expect(fromOther.status).toBe(200);
      expect(fromOther.headers.get('content-type')).toMatch(/^image\//);
      const bytes = Buffer.from(await fromOther.arrayBuffer());
      expect(bytes.length).toBeGreaterThan(0);
      const viaProxy = Buffer.from(await (await fetch(nginx.url + uploaded.url)).arrayBuffer());
      expect(viaProxy.equals(bytes)).toBe(true);
    });

    it('loses no acknowledged write when a process is killed mid-stream; the proxy drops it', async () => {
      const WRITERS = 8;
      const OPS = 24; // per writer: comments (POST, never retried by nginx) and likes (PUT)
      const community = await createCommunity(factory);
      const owner = await createUser(factory);
      const target = await createPost(factory, {
        userId: owner.user.id,
        communityId: community.id,
      });
      const likeable = await Promise.all(
        Array.from({ length: OPS }, () =>
          createPost(factory, { userId: owner.user.id, communityId: community.id }),
        ),
      );
      const writers: TestUser[] = [];
      for (let i = 0; i < WRITERS; i++) writers.push(await createUser(factory));

      interface Outcome {
        writer: number;
        kind: 'comment' | 'like';
        postId: string;
        status: number; // 0: no answer at all
        commentId?: string;
        startedAt: number;
        endedAt: number;
      }
      const outcomes: Outcome[] = [];
      let killedAt = Infinity;
      let diedAt = Infinity;
      const run = async (w: number) => {
        const http = httpOn(nginx.url, writers[w]!.cookie);
        for (let i = 0; i < OPS; i++) {
          const kind = i % 2 === 0 ? 'comment' : 'like';
          const postId = kind === 'comment' ? target.id : likeable[i]!.id;
          const startedAt = performance.now();
          let status = 0;
          let commentId: string | undefined;
          try {
            const res =
              kind === 'comment'
                ? await http(`/api/posts/${postId}/comments`, {
                    method: 'POST',
                    json: { body: `writer ${w} op ${i}` },
                  })
                : await http(`/api/posts/${postId}/like`, { method: 'PUT' });
            status = res.status;
            if (kind === 'comment' && status === 201)
              commentId = CommentSchema.parse(await res.json()).id;
            else await res.arrayBuffer();
          } catch {
            status = 0;
          }
          outcomes.push({
            writer: w,
            kind,
            postId,
            status,
            commentId,
            startedAt,
            endedAt: performance.now(),
          });
        }
      };
      const stream = Promise.all(Array.from({ length: WRITERS }, (_, w) => run(w)));
      // Kill B once a third of the stream is done, while the writers keep going.
      await expect
        .poll(() => outcomes.length, { timeout: 60_000, interval: 5 })
        .toBeGreaterThan((WRITERS * OPS) / 3);
      b.process.kill('SIGKILL');
      killedAt = performance.now();
      await b.exited;
      // The signal is asynchronous: until the exit is seen, B may still accept a request.
      diedAt = performance.now();
      await stream;

      const failures = outcomes.filter((o) => o.status < 200 || o.status >= 300);
      // Only a request in flight when B died may fail, and then as nginx's 502 (never a 500, a
      // hang or a dropped connection): at most one per writer.
      for (const f of failures) {
        expect(f.status, JSON.stringify(f)).toBe(502);
        expect(f.startedAt, JSON.stringify(f)).toBeLessThan(diedAt);
        expect(f.endedAt, JSON.stringify(f)).toBeGreaterThanOrEqual(killedAt);
      }
      for (let w = 0; w < WRITERS; w++)
        expect(failures.filter((f) => f.writer === w).length).toBeLessThanOrEqual(1);
      expect(outcomes.filter((o) => o.startedAt > diedAt).length).toBeGreaterThan(0);

      // Every acknowledged write is in the database.
      const ackedComments = outcomes.filter((o) => o.kind === 'comment' && o.status === 201);
      const stored = await factory.database.db
        .select({ id: comments.id })
        .from(comments)
        .where(
          inArray(
            comments.id,
            ackedComments.map((o) => o.commentId!),
          ),
        );
      expect(stored.length).toBe(ackedComments.length);
      for (const like of outcomes.filter((o) => o.kind === 'like' && o.status === 200)) {
        const rows = await factory.database.db
          .select()
          .from(postLikes)
          .where(
            and(
              eq(postLikes.postId, like.postId),
              eq(postLikes.userId, writers[like.writer]!.user.id),
            ),
          );
        expect(rows, JSON.stringify(like)).toHaveLength(1);
      }
      // Nothing was written twice: a failed comment is there at most once (if it committed).
      const allComments = await factory.database.db
        .select({ id: comments.id })
        .from(comments)
        .where(eq(comments.postId, target.id));
      const failedComments = failures.filter((f) => f.kind === 'comment').length;
      expect(allComments.length).toBeGreaterThanOrEqual(ackedComments.length);
      expect(allComments.length).toBeLessThanOrEqual(ackedComments.length + failedComments);

      // The proxy keeps answering, from the survivor only.
      for (let i = 0; i < 6; i++) {
        const res = await fetch(`${nginx.url}/api/health`);
        expect(res.status).toBe(200);
        expect(servedBy(res)).toBe('a');
      }
      console.log(
        `kill test: ${outcomes.length} writes, ${failures.length} in-flight failure(s) (${failures
          .map((f) => `${f.kind} ${f.status}`)
          .join(
            ', ',
          )}), ${outcomes.filter((o) => o.startedAt > diedAt).length} started after B's exit (${Math.round(diedAt - killedAt)} ms after the signal)`,
      );
    }, 120_000);

    it('counts clients by the address nginx saw, not by an X-Forwarded-For they send', async () => {
      // Sign-in attempts are limited per client address. Every request below claims another
      // address; nginx replaces the header, so all of them count for 127.0.0.1.
      const max = AUTH_RATE_LIMITS.signInIp.max;
      const statuses: number[] = [];
      for (let i = 0; i <= max; i++) {
        const res = await httpOn(nginx.url)('/api/auth/sign-in/email', {
          method: 'POST',
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
          json: { email: `nobody${i}@example.test`, password: 'wrong password' },
        });
        statuses.push(res.status);
      }
      expect(statuses.at(-1)).toBe(429);
    });

    it('serves the shipped HTTPS server over HTTP/2 (what the web bench measures)', async () => {
      // The web bench's production lane (bench/web.suite.ts) runs Lighthouse through this.
      // Process B may be gone (the kill test): both upstream lines name A.
      const tls = await startNginx({ upstreamPorts: [a.port, a.port], tls: true });
      try {
        expect(tls.url).toMatch(/^https:/);
        const session = http2.connect(tls.url, { rejectUnauthorized: false });
        try {
          const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
            const req = session.request({ ':path': '/api/health' });
            let body = '';
            let status = 0;
            req.setEncoding('utf8');
            req.on('response', (headers) => (status = Number(headers[':status'])));
            req.on('data', (chunk: string) => (body += chunk));
            req.on('end', () => resolve({ status, body }));
            req.on('error', reject);
            req.end();
          });
          expect(session.alpnProtocol).toBe('h2');
          expect(answer.status).toBe(200);
          expect(JSON.parse(answer.body)).toMatchObject({ status: 'ok' });
        } finally {
          session.close();
        }
      } finally {
        await tls.stop();
      }
    }, 60_000);
  },
);
