import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { AppError, unauthorized } from '../../lib/errors';
import type { Auth } from './auth';
import { readCookie, sessionCacheOf } from './session-cache';

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  username: string;
  role: 'user' | 'moderator' | 'admin';
  twoFactorEnabled: boolean;
  sessionId: string;
  /** When this session signed in; sensitive actions want it under 5 minutes old. */
  sessionCreatedAt: Date;
}

const perRequest = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/**
 * The signed-in user of this request, or null. Looked up once per request; a session cookie
 * seen in the last few seconds is answered from the session cache without a query or an HMAC
 * (session-cache.ts).
 */
export function optionalUser(req: FastifyRequest): Promise<SessionUser | null> {
  let p = perRequest.get(req);
  if (!p) {
    p = lookUp(req);
    perRequest.set(req, p);
  }
  return p;
}

const cookieNames = new WeakMap<object, Promise<string>>();

/** The session cookie's name (`otakura.session_token`, `__Secure-` prefixed over https). */
function sessionCookieName(auth: Auth): Promise<string> {
  let name = cookieNames.get(auth);
  if (!name) {
    name = auth.$context.then((c) => c.authCookies.sessionToken.name);
    cookieNames.set(auth, name);
  }
  return name;
}

/**
 * Whether the request carries a session cookie at all (not whether the session is valid): enough
 * to guess which page the app will show, as the web app's route preloads do.
 */
export async function hasSessionCookie(req: FastifyRequest): Promise<boolean> {
  if (!req.headers.cookie) return false;
  return readCookie(req.headers.cookie, await sessionCookieName(req.server.ctx.auth)) !== undefined;
}

async function lookUp(req: FastifyRequest): Promise<SessionUser | null> {
  const auth = req.server.ctx.auth;
  const sessions = sessionCacheOf(auth);
  let key: string | undefined;
  let epoch = 0;
  if (sessions?.enabled && req.headers.cookie) {
    key = readCookie(req.headers.cookie, await sessionCookieName(auth));
    if (key !== undefined) {
      const hit = sessions.get(key);
      if (hit) return hit;
      epoch = sessions.epoch;
    }
  }
  const result = await auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
  if (!result) return null;
  const u = result.user as typeof result.user & {
    username?: string | null;
    displayUsername?: string | null;
    role?: string | null;
    twoFactorEnabled?: boolean | null;
    banned?: boolean | null;
  };
  if (u.banned) return null;
  const role = u.role === 'admin' || u.role === 'moderator' ? u.role : 'user';
  const user: SessionUser = {
    id: u.id,
    email: u.email,
    emailVerified: u.emailVerified,
    name: u.name,
    username: u.displayUsername ?? u.username ?? '',
    role,
    twoFactorEnabled: Boolean(u.twoFactorEnabled),
    sessionId: result.session.id,
    sessionCreatedAt: new Date(result.session.createdAt),
  };
  if (sessions && key !== undefined)
    sessions.set(key, user, new Date(result.session.expiresAt), epoch);
  return user;
}

/** The signed-in user; 401 `unauthorized` when there is none. */
export async function requireUser(req: FastifyRequest): Promise<SessionUser> {
  const user = await optionalUser(req);
  if (!user) throw unauthorized();
  return user;
}

/** A signed-in moderator or admin; 403 otherwise. */
export async function requireRole(
  req: FastifyRequest,
  ...roles: SessionUser['role'][]
): Promise<SessionUser> {
  const user = await requireUser(req);
  if (!roles.includes(user.role)) throw new AppError('forbidden');
  return user;
}

/** True when the session signed in less than `maxAgeSec` ago (DESIGN.md: 300 s for sensitive actions). */
export function isFreshSession(user: SessionUser, maxAgeSec = 300, now = Date.now()): boolean {
  return now - user.sessionCreatedAt.getTime() < maxAgeSec * 1000;
}
