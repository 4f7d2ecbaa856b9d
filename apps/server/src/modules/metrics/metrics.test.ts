/**
 * /metrics: off (404) unless configured; a Bearer token on the public port; a separate
 * listener with METRICS_PORT; request histograms labelled by route pattern; live sockets
 * and mails counted.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type ConfigError } from '../../config/env';
import type { Database } from '../../db/client';
import { startTestServer, type TestApp } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { createUser } from '../../test/factories';
import { openLive } from '../live/live.test-helpers';
import { createMailer, flushMail, mailStats, sendInBackground } from '../mail/mailer';
import { bearerMatches } from './metrics.routes';

const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const head = line.slice(0, line.lastIndexOf(' '));
    if (Object.entries(labels).every(([k, v]) => head.includes(`${k}="${v}"`)))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('/metrics', () => {
  it('answers 404 when neither METRICS_TOKEN nor METRICS_PORT is set, not the SPA', async () => {
    const web = mkdtempSync(path.join(tmpdir(), 'otakura-web-'));
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>spa</title>');
    const t = await startTestServer(database, { WEB_DIST_DIR: web }, false);
    try {
      expect((await t.http('/some-page')).status).toBe(200); // the SPA answers unknown paths
      const res = await t.http('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
      expect(t.app.metrics).toBeUndefined();
    } finally {
      await t.close();
      rmSync(web, { recursive: true, force: true });
    }
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    const scrape = async () => {
      const res = await t.http('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      return res.text();
    };
    beforeAll(async () => {
      t = await startTestServer(database, { METRICS_TOKEN: TOKEN }, false);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('answers 401 without the token or with a wrong one', async () => {
      const none = await t.http('/metrics');
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toBe('Bearer');
      expect(await none.json()).toMatchObject({ error: { code: 'unauthorized' } });
      const wrong = await t.http('/metrics', { headers: { authorization: `Bearer ${TOKEN}x` } });
      expect(wrong.status).toBe(401);
      const basic = await t.http('/metrics', { headers: { authorization: `Basic ${TOKEN}` } });
      expect(basic.status).toBe(401);
    });

    it('serves Prometheus text with a histogram for a route just called, by pattern', async () => {
      const postId = '0190f5c8-7d2b-7c4e-9a1b-2c3d4e5f6a7b';
      const post = await t.http(`/api/posts/${postId}`); // 401 signed out
      expect(post.status).toBeGreaterThanOrEqual(400);
      expect(post.status).toBeLessThan(500);
      expect((await t.http('/api/health/live')).status).toBe(200);
      const res = await t.http('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      const route = { method: 'GET', route: '/api/posts/:postId', status_class: '4xx' };
      expect(sample(text, 'http_request_duration_seconds_count', route)).toBe(1);
      expect(sample(text, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(
        1,
      );
      expect(sample(text, 'http_requests_total', route)).toBe(1);
      const live = { method: 'GET', route: '/api/health/live', status_class: '2xx' };
      expect(sample(text, 'http_requests_total', live)).toBeGreaterThanOrEqual(1);
      // Never the address itself.
      expect(text).not.toContain(postId);
      // Process metrics and the database.
      expect(text).toContain('process_cpu_seconds_total');
      expect(text).toContain('nodejs_eventloop_lag_seconds');
      expect(sample(text, 'db_info', { kind: t.database.kind })).toBe(1);
      if (t.database.kind === 'postgres') {
        expect(sample(text, 'db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
        expect(sample(text, 'db_pool_connections', { state: 'max' })).toBeGreaterThanOrEqual(5);
        expect(sample(text, 'db_pool_waiting_requests')).toBe(0);
      } else {
        expect(text).not.toContain('db_pool_connections');
      }
    });

    it('counts unmatched addresses under one label', async () => {
      await t.http('/api/no-such/route/abc');
      expect(
        sample(await scrape(), 'http_requests_total', { route: 'unmatched' }),
      ).toBeGreaterThanOrEqual(1);
    });

    it('moves the live socket gauge when a socket opens and closes', async () => {
      expect(sample(await scrape(), 'live_sockets_open')).toBe(0);
      const user = await createUser(t);
      const client = await openLive(t.url, { cookie: user.cookie, origin: t.config.publicUrl });
      await client.subscribe(['feed', `user:${user.user.id}`]);
      const open = await scrape();
      expect(sample(open, 'live_sockets_open')).toBe(1);
      expect(sample(open, 'live_topics_watched')).toBe(2);
      await client.close();
      await expect.poll(async () => sample(await scrape(), 'live_sockets_open')).toBe(0);
      expect(sample(await scrape(), 'live_topics_watched')).toBe(0);
    });

    it('counts mails sent', async () => {
      const before = sample(await scrape(), 'mail_sent_total') ?? 0;
      sendInBackground(t.ctx.mailer, {
        to: 'someone@example.com',
        subject: 'Hello',
        text: 'Hi.',
        html: '<p>Hi.</p>',
      });
      expect(sample(await scrape(), 'mail_queue_length')).toBe(1);
      await flushMail(t.ctx.mailer);
      const after = await scrape();
      expect(sample(after, 'mail_sent_total')).toBe(before + 1);
      expect(sample(after, 'mail_queue_length')).toBe(0);
      expect(sample(after, 'mail_failed_total')).toBe(0);
    });
  });

  describe('with METRICS_PORT', () => {
    let t: TestApp;
    let metricsUrl: string;
    beforeAll(async () => {
      t = await startTestServer(database, { METRICS_PORT: '0', METRICS_TOKEN: TOKEN }, false);
      const address = t.app.metricsAddress?.();
      if (!address) throw new Error('no metrics listener');
      expect(address.address).toBe('127.0.0.1');
      metricsUrl = `http://127.0.0.1:${address.port}`;
    });
    afterAll(async () => {
      await t?.close();
    });

    it('serves /metrics on its own listener and not on the public port', async () => {
      expect(new URL(metricsUrl).port).not.toBe(new URL(t.url).port);
      await t.http('/api/health/live');
      const res = await fetch(`${metricsUrl}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(sample(text, 'http_requests_total', { route: '/api/health/live' })).toBe(1);
      expect((await fetch(`${metricsUrl}/metrics`)).status).toBe(401);
      expect((await fetch(`${metricsUrl}/other`)).status).toBe(404);
      const publicRes = await t.http('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(publicRes.status).toBe(404);
      expect(await publicRes.json()).toMatchObject({ error: { code: 'not_found' } });
    });

    it('closes the listener with the app', async () => {
      const other = await startTestServer(database, { METRICS_PORT: '0' }, false);
      const port = other.app.metricsAddress?.()?.port;
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200); // no token asked
      await other.close();
      await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
    });
  });
});

describe('mail counts', () => {
  it('counts a mail that failed to send', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'otakura-mail-'));
    try {
      // Nothing listens on port 1 of the loopback: the connection is refused at once.
      const mailer = createMailer(
        loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'smtp://127.0.0.1:1' }),
      );
      const errors: unknown[] = [];
      sendInBackground(mailer, { to: 'a@example.com', subject: 's', text: 't', html: 'h' }, (e) =>
        errors.push(e),
      );
      expect(mailStats(mailer)).toEqual({ queued: 1, sent: 0, failed: 0 });
      await flushMail(mailer);
      expect(errors).toHaveLength(1);
      expect(mailStats(mailer)).toEqual({ queued: 0, sent: 0, failed: 1 });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('metrics settings', () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig({ DATA_DIR: '/tmp/unused', ...env });
      return [];
    } catch (e) {
      return (e as ConfigError).problems;
    }
  };

  it('stops the start naming a bad METRICS_TOKEN, METRICS_PORT or LOG_FORMAT', () => {
    expect(problems({ METRICS_TOKEN: 'short' })).toEqual([
      expect.stringMatching(/^METRICS_TOKEN: must be at least 16 characters/),
    ]);
    expect(problems({ METRICS_TOKEN: 'has a space in it 1234' })[0]).toMatch(/^METRICS_TOKEN: /);
    expect(problems({ METRICS_PORT: 'nine' })[0]).toMatch(/^METRICS_PORT: must be a port number/);
    expect(problems({ METRICS_PORT: '70000' })[0]).toMatch(/^METRICS_PORT: must be 0 to 65535/);
    expect(problems({ PORT: '4000', METRICS_PORT: '4000' })[0]).toMatch(
      /^METRICS_PORT: must differ from PORT/,
    );
    expect(problems({ LOG_FORMAT: 'xml' })[0]).toMatch(/^LOG_FORMAT: /);
    expect(problems({ SHUTDOWN_DRAIN_MS: '-1' })[0]).toMatch(
      /^SHUTDOWN_DRAIN_MS: must be 0 to 60000/,
    );
  });

  it('turns metrics on only when a token or a port is set', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/unused' }).metrics).toBeNull();
    expect(loadConfig({ DATA_DIR: '/tmp/unused', METRICS_PORT: '9100' }).metrics).toEqual({
      token: undefined,
      port: 9100,
      host: '127.0.0.1',
    });
  });
});

describe('bearerMatches', () => {
  it('accepts exactly `Bearer <token>`', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN.slice(1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(TOKEN, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
  });
});
