/**
 * Redis connections for scale-out (docs/scale-out.md). Redis shares state between server
 * processes (rate-limit counters, live events) but is never a hard dependency: commands
 * fail at once while it is away (no offline queue, a short command timeout), the callers
 * fail open, and the client keeps reconnecting in the background.
 */
import { Redis, type RedisOptions } from 'ioredis';

export interface RedisLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Clients being closed on purpose: their last 'close' is not a loss. */
const closing = new WeakSet<Redis>();

export interface RedisClientOptions {
  /** What the connection is for, in log lines ("rate limits", "live bus publisher"…). */
  role: string;
  /** CLIENT SETNAME, so `CLIENT LIST` shows which server part a connection is (no spaces). */
  connectionName?: string;
  log?: RedisLog;
  /** A command without an answer after this long fails (half-open connections are otherwise silent). */
  commandTimeoutMs?: number;
  /** ioredis options that win over ours (tests shorten the reconnect delay). */
  overrides?: RedisOptions;
}

/**
 * One ioredis client to `url`. Connection losses and recoveries are logged once each
 * (not once per reconnect attempt); the client reconnects with backoff up to 2 s.
 */
export function createRedisClient(url: string, opts: RedisClientOptions): Redis {
  const client = new Redis(url, {
    // While disconnected, fail commands instead of queueing them behind the outage.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: opts.commandTimeoutMs ?? 1000,
    connectTimeout: 5000,
    retryStrategy: (times) => Math.min(times * 100, 2000),
    connectionName: opts.connectionName,
    ...opts.overrides,
  });
  let up = false;
  let warned = false;
  client.on('ready', () => {
    if (warned) opts.log?.info({ role: opts.role }, 'redis: connection restored');
    up = true;
    warned = false;
  });
  const lost = (err?: Error) => {
    if (warned || closing.has(client)) return;
    warned = true;
    opts.log?.warn(
      { role: opts.role, err: err?.message },
      up ? 'redis: connection lost, reconnecting' : 'redis: cannot connect, retrying',
    );
    up = false;
  };
  // Without an 'error' listener ioredis prints every failed attempt.
  client.on('error', (err: Error) => lost(err));
  client.on('close', () => {
    if (up) lost();
  });
  return client;
}

/** Resolves once `client` is ready or after `timeoutMs`: true when it is ready. */
export async function waitForRedis(client: Redis, timeoutMs: number): Promise<boolean> {
  if (client.status === 'ready') return true;
  return new Promise<boolean>((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      resolve(ok);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    timer.unref();
    client.on('ready', onReady);
  });
}

/** Closes `client`: QUIT when connected (pending replies arrive), else drops the socket. */
export async function closeRedis(client: Redis): Promise<void> {
  closing.add(client);
  if (client.status === 'ready') {
    await client.quit().catch(() => client.disconnect());
  } else {
    client.disconnect();
  }
}
