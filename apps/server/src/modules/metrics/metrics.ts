/**
 * The Prometheus metrics of one app (docs/observability.md): HTTP requests by method, route
 * pattern and status class; the PostgreSQL pool; live sockets and topics; mails; and
 * prom-client's process metrics. Each app has its own registry, so several apps in one
 * process (tests) never share counters. Gauges of other parts are read at scrape time.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client';
import { mailStats, type Mailer } from '../mail/mailer';

/** Latency buckets (seconds): from a cached read (~2 ms) to a slow upload. */
export const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export interface MetricsSources {
  database: Database;
  mailer: Mailer;
  /** The live hub's counts, once the live routes are registered. */
  live: () => { sockets: number; topics: number } | undefined;
}

export interface AppMetrics {
  registry: Registry;
  /** Records one finished request. `route` is the route's pattern, undefined for no route. */
  observeRequest(method: string, route: string | undefined, status: number, ms: number): void;
}

export function createMetrics(sources: MetricsSources): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class.',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to its answer sent, by method, route pattern and status class.',
    labelNames,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });

  const { database } = sources;
  new Gauge({
    name: 'db_info',
    help: 'The database engine (pglite: embedded, one connection, no pool metrics; postgres: a pool).',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      this.set({ kind: database.kind }, 1);
    },
  });
  const pool = database.kind === 'postgres' ? database.pool : undefined;
  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and the configured maximum.',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'max' }, pool.options.max ?? 10);
      },
    });
    new Gauge({
      name: 'db_pool_waiting_requests',
      help: 'Queries waiting for a free PostgreSQL pool connection.',
      registers: [registry],
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }

  new Gauge({
    name: 'live_sockets_open',
    help: 'Live (WebSocket) connections open on this server.',
    registers: [registry],
    collect() {
      this.set(sources.live()?.sockets ?? 0);
    },
  });
  new Gauge({
    name: 'live_topics_watched',
    help: 'Topics at least one live socket on this server watches.',
    registers: [registry],
    collect() {
      this.set(sources.live()?.topics ?? 0);
    },
  });

  new Gauge({
    name: 'mail_queue_length',
    help: 'Mails handed over to be sent in the background and not yet sent or failed.',
    registers: [registry],
    collect() {
      this.set(mailStats(sources.mailer).queued);
    },
  });
  // Counters read from the mailer's own totals: each scrape adds what happened since the last.
  const mailTotal = (name: string, help: string, read: () => number) => {
    let seen = 0;
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        const now = read();
        if (now > seen) this.inc(now - seen);
        seen = now;
      },
    });
  };
  mailTotal(
    'mail_sent_total',
    'Mails sent (or written to the outbox).',
    () => mailStats(sources.mailer).sent,
  );
  mailTotal(
    'mail_failed_total',
    'Mails that failed to send.',
    () => mailStats(sources.mailer).failed,
  );

  return {
    registry,
    observeRequest(method, route, status, ms) {
      const labels = {
        method: METHODS.has(method) ? method : 'OTHER',
        // The pattern (`/api/posts/:postId`), never the address: one series per route.
        route: route ?? 'unmatched',
        status_class: `${Math.floor(status / 100)}xx`,
      };
      requests.inc(labels);
      duration.observe(labels, ms / 1000);
    },
  };
}
