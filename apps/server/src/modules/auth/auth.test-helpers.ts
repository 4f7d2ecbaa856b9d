/**
 * Test helpers for anything that signs people up or in through real HTTP: a browser-like
 * client with a cookie jar and its own client address, and the proof-of-work solver.
 * (To make users without HTTP, call `t.ctx.auth.api.signUpEmail({ body })` directly.)
 */
import { createHash } from 'node:crypto';
import {
  AltchaChallengeSchema,
  CHALLENGE_HEADER,
  CHALLENGE_PATH,
  type AltchaChallenge,
} from '@otakura/shared';
import type { TestApp } from '../../test/app';

let ipCounter = 0;
/** A fresh client address (sent as X-Forwarded-For), so per-address limits of one test do not touch another. */
export function nextIp(): string {
  ipCounter += 1;
  return `198.18.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

/** Finds the challenge's number with node:crypto (the same SHA-256 search altcha-lib's solver does, faster). */
export function solveFast(c: AltchaChallenge): number {
  for (let n = 0; n <= c.maxnumber; n++) {
    if (
      createHash('sha256')
        .update(c.salt + n)
        .digest('hex') === c.challenge
    )
      return n;
  }
  throw new Error('challenge has no solution');
}

/** The `x-altcha` header value for a solved challenge. */
export function encodePayload(c: AltchaChallenge, number: number): string {
  const { algorithm, challenge, salt, signature } = c;
  return Buffer.from(JSON.stringify({ algorithm, challenge, number, salt, signature })).toString(
    'base64',
  );
}

export interface RequestOptions {
  method?: string;
  json?: unknown;
  headers?: Record<string, string>;
}

/** One browser: its cookies and its address. Follows no redirects (tests read Location). */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly t: TestApp,
    readonly ip: string = nextIp(),
  ) {}

  async request(path: string, opts: RequestOptions = {}): Promise<Response> {
    const headers = new Headers(opts.headers);
    headers.set('x-forwarded-for', this.ip);
    if (this.cookies.size)
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await this.t.http(path, {
      method: opts.method ?? (opts.json !== undefined ? 'POST' : 'GET'),
      json: opts.json,
      headers,
      redirect: 'manual',
    });
    this.absorb(res);
    return res;
  }

  post(path: string, json: unknown = {}, headers?: Record<string, string>) {
    return this.request(path, { method: 'POST', json, headers });
  }

  get(path: string) {
    return this.request(path);
  }

  /** Opens a link from a mail (its origin is PUBLIC_URL; the test server listens elsewhere). */
  open(link: string) {
    const u = new URL(link);
    return this.get(u.pathname + u.search);
  }

  absorb(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** A fresh challenge, solved: the value of the `x-altcha` header. */
  async solvedChallenge(): Promise<string> {
    const res = await this.get(CHALLENGE_PATH);
    if (res.status !== 200) throw new Error(`challenge: ${res.status} ${await res.text()}`);
    const c = AltchaChallengeSchema.parse(await res.json());
    return encodePayload(c, solveFast(c));
  }

  async signUp(input: { name?: string; username: string; email: string; password?: string }) {
    const challenge = await this.solvedChallenge();
    return this.post(
      '/api/auth/sign-up/email',
      {
        name: input.name ?? 'Test User',
        password: input.password ?? 'correct horse battery',
        ...input,
      },
      { [CHALLENGE_HEADER]: challenge },
    );
  }

  signIn(email: string, password: string) {
    return this.post('/api/auth/sign-in/email', { email, password });
  }

  async session(): Promise<{
    user: Record<string, unknown>;
    session: Record<string, unknown>;
  } | null> {
    const res = await this.get('/api/auth/get-session');
    return (await res.json()) as {
      user: Record<string, unknown>;
      session: Record<string, unknown>;
    } | null;
  }
}

let userCounter = 0;
/** A unique username/email pair for a test. */
export function uniqueUser(prefix = 'user') {
  userCounter += 1;
  const tag = `${prefix}${userCounter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    username: tag,
    email: `${tag}@example.test`,
    name: `Test ${tag}`,
    password: 'correct horse battery',
  };
}
