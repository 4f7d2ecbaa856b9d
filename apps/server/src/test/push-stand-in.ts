/**
 * A local stand-in for a browser push service (a test helper, never shipped). A node:http
 * server on 127.0.0.1 (random port) receives what `web-push` sends to a subscription endpoint
 * and checks it as a real push service and browser would:
 *
 * - the VAPID `Authorization: vapid t=<JWT>, k=<public key>` header: an ES256 JWT whose
 *   signature verifies with `k`, `aud` = this service's origin, `exp` within 24 hours, `sub`
 *   a `mailto:` or `https:` contact; `k` must be `expectedPublicKey` when that is set;
 * - `Content-Encoding: aes128gcm` and a `TTL` header;
 * - the body DECRYPTS (RFC 8291) with the subscription's own P-256 private key and auth
 *   secret, made per subscription with node:crypto (`subscription()`), through `http_ece`.
 *
 * Accepted pushes land in `received` (the payload parsed as JSON); refused ones in `rejected`.
 * `failWith(endpoint, 410)` makes an endpoint answer that status (e.g. gone) from then on.
 *
 * web-push always speaks HTTPS; `agent` is an https.Agent whose connections are plain TCP to
 * 127.0.0.1 (no certificate needed, and nothing can leave the machine). Hand it to the
 * deliverer with `pushSettings(database).agent = standIn.agent`.
 */
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { Agent } from 'node:https';
import { connect, type AddressInfo, type Socket } from 'node:net';
import ece from 'http_ece';

export interface StandInSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted body parsed as JSON. */
  payload: unknown;
  ttl: number;
  topic: string | undefined;
  urgency: string | undefined;
  /** The JWT's claims. */
  claims: { aud: string; exp: number; sub: string };
  /** `k` of the Authorization header: the sender's VAPID public key. */
  vapidPublicKey: string;
}

export interface RejectedPush {
  endpoint: string;
  reason: string;
}

export interface PushStandIn {
  /** https://127.0.0.1:<port> (what endpoints start with and the JWT's `aud` must be). */
  origin: string;
  agent: Agent;
  /** When set, a push signed with another VAPID key is refused. */
  expectedPublicKey: string | undefined;
  received: ReceivedPush[];
  rejected: RejectedPush[];
  /** A new subscription with a fresh P-256 key pair and auth secret. */
  subscription(): StandInSubscription;
  /** From now on this endpoint answers `status` (404/410: gone; 500: a failing service). */
  failWith(endpoint: string, status: number): void;
  /** Resolves once `received` holds `n` pushes (rejects after `timeoutMs`). */
  waitForReceived(n: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

/** Makes https requests travel as plain HTTP to 127.0.0.1, whatever the URL says. */
class LoopbackAgent extends Agent {
  override createConnection(options: { port?: number | string | null }): Socket {
    return connect({ host: '127.0.0.1', port: Number(options.port) });
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts)));
    req.on('error', reject);
  });
}

/** Verifies a VAPID JWT against the uncompressed P-256 public key `k` (base64url); throws with why not. */
function verifyVapid(jwt: string, k: string): { aud: string; exp: number; sub: string } {
  const [head, body, sig] = jwt.split('.');
  if (!head || !body || !sig) throw new Error('the JWT has not three parts');
  const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
  if (header.alg !== 'ES256') throw new Error(`JWT alg ${header.alg}, not ES256`);
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4)
    throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(sig, 'base64url'),
  );
  if (!ok) throw new Error('the JWT signature does not verify with k');
  return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
}

export async function startPushStandIn(): Promise<PushStandIn> {
  const keysByEndpointId = new Map<string, { ecdh: ECDH; auth: string }>();
  const failures = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const rejected: RejectedPush[] = [];
  const waiters = new Set<() => void>();
  let origin = '';

  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const endpoint = `${origin}${req.url ?? ''}`;
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
      const keys = id ? keysByEndpointId.get(id) : undefined;
      const refuse = (status: number, reason: string) => {
        rejected.push({ endpoint, reason });
        res.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
      };
      if (req.method !== 'POST' || !keys) return refuse(404, 'no such subscription');
      const failure = failures.get(endpoint);
      if (failure) return refuse(failure, `answering ${failure} on demand`);

      const auth = /^vapid t=([^,\s]+),\s*k=([^,\s]+)$/.exec(req.headers.authorization ?? '');
      if (!auth) return refuse(401, `bad Authorization: ${req.headers.authorization}`);
      let claims: { aud: string; exp: number; sub: string };
      try {
        claims = verifyVapid(auth[1]!, auth[2]!);
      } catch (err) {
        return refuse(403, (err as Error).message);
      }
      const now = Math.floor(Date.now() / 1000);
      if (claims.aud !== origin) return refuse(403, `aud ${claims.aud} is not ${origin}`);
      if (!(claims.exp > now && claims.exp <= now + 24 * 3600 + 60))
        return refuse(403, `exp ${claims.exp} is not within 24 hours`);
      if (!/^(mailto:|https:)/.test(claims.sub)) return refuse(403, `bad sub ${claims.sub}`);
      if (stand.expectedPublicKey && auth[2] !== stand.expectedPublicKey)
        return refuse(403, 'signed with another VAPID key');
      if (req.headers['content-encoding'] !== 'aes128gcm')
        return refuse(415, `content-encoding ${req.headers['content-encoding']}`);
      const ttl = Number(req.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, 'missing TTL');

      let payload: unknown;
      try {
        const plain = ece.decrypt(body, {
          version: 'aes128gcm',
          privateKey: keys.ecdh,
          authSecret: keys.auth,
        });
        payload = JSON.parse(plain.toString('utf8'));
      } catch (err) {
        return refuse(400, `cannot decrypt: ${(err as Error).message}`);
      }
      received.push({
        endpoint,
        payload,
        ttl,
        topic: req.headers.topic as string | undefined,
        urgency: req.headers.urgency as string | undefined,
        claims,
        vapidPublicKey: auth[2]!,
      });
      for (const w of waiters) w();
      res.writeHead(201, { location: `${endpoint}/messages/${received.length}` }).end();
    })().catch((err: unknown) => {
      res.writeHead(500).end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new LoopbackAgent({ keepAlive: false });

  const stand: PushStandIn = {
    origin,
    agent,
    expectedPublicKey: undefined,
    received,
    rejected,
    subscription() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      const id = randomBytes(12).toString('base64url');
      keysByEndpointId.set(id, { ecdh, auth });
      return {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
      };
    },
    failWith(endpoint, status) {
      failures.set(endpoint, status);
    },
    waitForReceived(n, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < n) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `expected ${n} pushes, got ${received.length}; rejected: ${JSON.stringify(rejected)}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return stand;
}
