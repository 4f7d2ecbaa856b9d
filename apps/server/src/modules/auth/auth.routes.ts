import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { desc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  AUTH_ERROR_MESSAGES,
  AltchaChallengeSchema,
  ChangeEmailInputSchema,
  UpdateAuthUserInputSchema,
  CHALLENGE_HEADER,
  CHALLENGE_PATH,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  RESET_PASSWORD_ROUTE,
  RequestPasswordResetInputSchema,
  ResetPasswordInputSchema,
  SendVerificationEmailInputSchema,
  SignInInputSchema,
  SignUpInputSchema,
  TIMINGS,
  VERIFY_EMAIL_CALLBACK,
  VerifyBackupCodeInputSchema,
  VerifyTotpInputSchema,
  type FieldIssue,
  type RequestPasswordResetResult,
} from '@otakura/shared';
import { users, verifications } from '../../db/schema';
import { AppError, validationError } from '../../lib/errors';
import { isFreshSession, requireUser } from './auth.guard';
import { trustedOrigins, type Auth } from './auth';
import { askBetterAuth, sendAnswer } from './auth.bridge';
import { takenEmail, takenUsername } from './auth.errors';
import { clientKey, createAuthLimiters } from './auth.rate-limit';
import { resolveAuthSecret } from './auth-secret';
import { createChallengeService } from './challenge.service';

/** A reset request answers no sooner than this, found or not, so timing does not tell (DESIGN.md). */
/** Reset requests still being worked on after their answer went out (tests and shutdown wait for them). */
export const backgroundResets = new Set<Promise<void>>();

/** Waits until every reset request answered so far has done its work. */
export async function flushResetRequests(): Promise<void> {
  while (backgroundResets.size) await Promise.all([...backgroundResets]);
}

const ORIGIN_REFUSED = 'This request did not come from this site, so it was refused.';

/** Better Auth endpoints that check the signed-in user's password. */
const PASSWORD_CHECKING = [
  '/api/auth/two-factor/enable',
  '/api/auth/two-factor/disable',
  '/api/auth/two-factor/get-totp-uri',
  '/api/auth/two-factor/generate-backup-codes',
  '/api/auth/change-password',
];

/** The body parsed by `schema`, or 400 `validation_error` naming each bad field with its message. */
function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const details: FieldIssue[] = parsed.error.issues.map((i) => ({
    path: i.path.map(String).join('.') || 'body',
    message: i.message,
  }));
  // One message per field: the first one that failed.
  const seen = new Set<string>();
  const unique = details.filter((d) => !seen.has(d.path) && seen.add(d.path));
  throw validationError(unique, unique[0]?.message);
}

/** A same-site path such as `/feed` (never `//host` or a URL), else `fallback`. */
function sitePath(value: unknown, fallback: string): string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) && !/[\\\s]/.test(value)
    ? value
    : fallback;
}

/**
 * Mounts Better Auth at /api/auth/* through the Fetch Request bridge, with our
 * own policies in front of it: Origin check on every write, input validated by
 * the shared schemas, the proof-of-work challenge, rate limits per address and
 * per account; errors rewritten into the API's one error shape.
 */
export async function authRoutes(app: FastifyInstance, opts: { auth: Auth }) {
  const { auth } = opts;
  const { config, database } = app.ctx;
  const db = database.db;
  const limits = createAuthLimiters(app);
  const challenges = createChallengeService(db, resolveAuthSecret(config));
  const origins = new Set(trustedOrigins(config));
  const cookiePrefix = config.secureCookies ? '__Secure-otakura.' : 'otakura.';

  const ask = (req: FastifyRequest) => askBetterAuth(auth, config.publicUrl, req);
  const passThrough = async (req: FastifyRequest, reply: FastifyReply) =>
    sendAnswer(reply, await ask(req));

  // CSRF: a write must come from one of our pages (Better Auth only checks when a cookie is sent).
  app.addHook('onRequest', async (req) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
    let origin = req.headers.origin;
    if (!origin && req.headers.referer) {
      try {
        origin = new URL(req.headers.referer).origin;
      } catch {
        origin = undefined;
      }
    }
    if (!origin || !origins.has(origin)) throw new AppError('invalid_origin', ORIGIN_REFUSED);
  });

  /** Which account already uses this username (any case) or email. */
  async function findTaken(username: string, email: string) {
    const rows = await db
      .select({ username: users.username, email: users.email })
      .from(users)
      .where(or(sql`lower(${users.username}) = ${username.toLowerCase()}`, eq(users.email, email)))
      .limit(2);
    return {
      username: rows.some((r) => r.username?.toLowerCase() === username.toLowerCase()),
      email: rows.some((r) => r.email === email),
    };
  }

  function throwIfTaken(taken: { username: boolean; email: boolean }) {
    if (taken.username) throw new AppError(takenUsername.code, takenUsername.message);
    if (taken.email) throw new AppError(takenEmail.code, takenEmail.message);
  }

  // ---- The challenge -------------------------------------------------------------------------

  app.get(
    CHALLENGE_PATH,
    {
      schema: {
        tags: ['auth'],
        summary: `A proof-of-work challenge; send it solved in the ${CHALLENGE_HEADER} header on sign-up and password reset`,
        response: { 200: AltchaChallengeSchema },
      },
    },
    async (req, reply) => {
      await limits.challengeIp.hit(req, clientKey(req));
      void reply.header('cache-control', 'no-store');
      return challenges.create();
    },
  );

  // ---- Sign-up -------------------------------------------------------------------------------

  app.post('/api/auth/sign-up/email', {
    schema: { hide: true },
    preHandler: async (req) => {
      const ip = clientKey(req);
      await limits.signUpIpAttempts.hit(req, ip);
      await limits.signUpIpAccounts.check(req, ip);
      const input = parseBody(SignUpInputSchema, req.body);
      await challenges.consume(req.headers[CHALLENGE_HEADER]);
      throwIfTaken(await findTaken(input.username, input.email));
      const raw = req.body as { callbackURL?: unknown; rememberMe?: unknown };
      req.body = {
        name: input.name,
        username: input.username,
        displayUsername: input.username,
        email: input.email,
        password: input.password,
        // The verification link comes back to the app.
        callbackURL: sitePath(raw.callbackURL, VERIFY_EMAIL_CALLBACK),
        ...(typeof raw.rememberMe === 'boolean' ? { rememberMe: raw.rememberMe } : {}),
      };
    },
    handler: async (req, reply) => {
      const body = req.body as { username: string; email: string };
      const answer = await ask(req);
      if (answer.status < 300) {
        await limits.signUpIpAccounts.record(req, clientKey(req));
        // The sign-up sent a verification mail: the web's automatic resend waits its turn.
        await limits.verifyEmailAccount.record(req, body.email);
      } else if (answer.errorCode === 'FAILED_TO_CREATE_USER') {
        // Lost a race with another sign-up for the same name or email: say which.
        throwIfTaken(await findTaken(body.username, body.email));
      }
      return sendAnswer(reply, answer);
    },
  });

  // ---- Sign-in -------------------------------------------------------------------------------

  app.post('/api/auth/sign-in/email', {
    schema: { hide: true },
    preHandler: async (req) => {
      await limits.signInIp.hit(req, clientKey(req));
      const raw = (req.body ?? {}) as { email?: unknown };
      if (typeof raw.email === 'string' && raw.email.trim() !== '') {
        const email = raw.email.trim().toLowerCase();
        if (!SignInInputSchema.shape.email.safeParse(email).success) {
          throw new AppError('invalid_email', AUTH_ERROR_MESSAGES.invalid_email, [
            { path: 'email', message: AUTH_ERROR_MESSAGES.invalid_email },
          ]);
        }
      }
      const input = parseBody(SignInInputSchema, req.body);
      await limits.signInEmailAttempts.hit(req, input.email);
      await limits.signInEmailFailures.check(req, input.email);
      req.body = {
        email: input.email,
        password: input.password,
        ...(input.rememberMe !== undefined ? { rememberMe: input.rememberMe } : {}),
      };
    },
    handler: async (req, reply) => {
      const answer = await ask(req);
      if (answer.status === 401)
        await limits.signInEmailFailures.record(req, (req.body as { email: string }).email);
      return sendAnswer(reply, answer);
    },
  });

  // ---- Email verification --------------------------------------------------------------------

  app.post('/api/auth/send-verification-email', {
    schema: { hide: true },
    preHandler: async (req) => {
      await limits.verifyEmailIp.hit(req, clientKey(req));
      const input = parseBody(SendVerificationEmailInputSchema, req.body);
      await limits.verifyEmailAccount.hit(req, input.email);
      req.body = {
        email: input.email,
        callbackURL: sitePath(input.callbackURL, VERIFY_EMAIL_CALLBACK),
      };
    },
    handler: passThrough,
  });

  // ---- Password reset ------------------------------------------------------------------------

  app.post('/api/auth/request-password-reset', {
    schema: { hide: true },
    preHandler: async (req) => {
      await limits.resetIp.hit(req, clientKey(req));
      const input = parseBody(RequestPasswordResetInputSchema, req.body);
      await challenges.consume(req.headers[CHALLENGE_HEADER]);
      await limits.resetEmail.hit(req, input.email);
      req.body = {
        email: input.email,
        redirectTo: sitePath(input.redirectTo, RESET_PASSWORD_ROUTE),
      };
    },
    handler: async (req, reply) => {
      // The same answer whether or not the address has an account, and given before any
      // account-specific work runs (lookup, token, mail), so its timing reveals nothing.
      // The work goes on in the background; failures are logged.
      const pending = ask(req)
        .then((answer) => {
          if (answer.status >= 400)
            req.log.warn(
              { status: answer.status, code: answer.errorCode },
              'password reset request failed',
            );
        })
        .catch((err: unknown) => req.log.error({ err }, 'password reset request failed'));
      backgroundResets.add(pending);
      void pending.finally(() => backgroundResets.delete(pending));
      const body: RequestPasswordResetResult = {
        status: true,
        message: PASSWORD_RESET_REQUESTED_MESSAGE,
      };
      return reply.status(200).send(body);
    },
  });

  /** The newest reset-token row, to tell an expired link from a used or unknown one. */
  async function resetTokenExpired(token: string): Promise<boolean> {
    const [row] = await db
      .select({ expiresAt: verifications.expiresAt })
      .from(verifications)
      .where(eq(verifications.identifier, `reset-password:${token}`))
      .orderBy(desc(verifications.createdAt))
      .limit(1);
    return row !== undefined && row.expiresAt.getTime() < Date.now();
  }

  // The mailed link: Better Auth redirects to /reset-password?token=… or ?error=INVALID_TOKEN.
  app.get<{ Params: { token: string }; Querystring: { callbackURL?: string } }>(
    '/api/auth/reset-password/:token',
    {
      schema: { hide: true },
      preHandler: async (req, reply) => {
        if (!(await resetTokenExpired(req.params.token))) return;
        const target = new URL(
          sitePath(req.query.callbackURL, RESET_PASSWORD_ROUTE),
          config.publicUrl,
        );
        target.searchParams.set('error', 'TOKEN_EXPIRED');
        return reply.redirect(target.href, 302);
      },
      handler: passThrough,
    },
  );

  app.post('/api/auth/reset-password', {
    schema: { hide: true },
    preHandler: async (req) => {
      const input = parseBody(ResetPasswordInputSchema, req.body);
      if (await resetTokenExpired(input.token)) {
        throw new AppError(
          'expired_token',
          'This link has expired. Please ask for a new one.',
        );
      }
      req.body = { newPassword: input.newPassword, token: input.token };
    },
    handler: passThrough,
  });

  // ---- Two-factor ----------------------------------------------------------------------------

  /** The pending sign-in (two-factor cookie) or the session the code is checked for. */
  const twoFactorKey = (req: FastifyRequest) =>
    req.cookies?.[`${cookiePrefix}two_factor`] ??
    req.cookies?.[`${cookiePrefix}session_token`] ??
    `ip:${clientKey(req)}`;

  for (const [path, schema] of [
    ['/api/auth/two-factor/verify-totp', VerifyTotpInputSchema],
    ['/api/auth/two-factor/verify-backup-code', VerifyBackupCodeInputSchema],
  ] as const) {
    app.post(path, {
      schema: { hide: true },
      preHandler: async (req) => {
        await limits.twoFactorIp.hit(req, clientKey(req));
        await limits.twoFactorFailures.check(req, twoFactorKey(req));
        const input = parseBody(schema, req.body);
        req.body = {
          code: input.code,
          ...(input.trustDevice !== undefined ? { trustDevice: input.trustDevice } : {}),
        };
      },
      handler: async (req, reply) => {
        const answer = await ask(req);
        if (answer.status === 401 && /INVALID_(BACKUP_)?CODE/.test(answer.errorCode ?? '')) {
          await limits.twoFactorFailures.record(req, twoFactorKey(req));
        }
        return sendAnswer(reply, answer);
      },
    });
  }

  for (const path of PASSWORD_CHECKING) {
    app.post(path, {
      schema: { hide: true },
      preHandler: async (req) => {
        await limits.passwordCheckIp.hit(req, clientKey(req));
        const user = await requireUser(req);
        await limits.passwordCheckSession.hit(req, user.sessionId);
      },
      handler: passThrough,
    });
  }

  // Deleting the account needs the password or a sign-in younger than 5 minutes (DESIGN.md).
  // Better Auth 1.4.22 checks the age in the wrong unit (300 s × 1000), so we check it here.
  app.post('/api/auth/delete-user', {
    schema: { hide: true },
    preHandler: async (req) => {
      await limits.passwordCheckIp.hit(req, clientKey(req));
      const user = await requireUser(req);
      await limits.passwordCheckSession.hit(req, user.sessionId);
      const raw = (req.body ?? {}) as { password?: unknown; callbackURL?: unknown };
      const password =
        typeof raw.password === 'string' && raw.password !== '' ? raw.password : undefined;
      if (!password && !isFreshSession(user, TIMINGS.sensitiveActionMaxAgeSec)) {
        throw new AppError(
          'reauth_required',
          'For your security, please sign in again to do this.',
        );
      }
      req.body = password ? { password } : {};
    },
    handler: passThrough,
  });

  // ---- Account fields Better Auth can change --------------------------------------------------

  app.post('/api/auth/update-user', {
    schema: { hide: true },
    preHandler: async (req) => {
      const user = await requireUser(req);
      const input = parseBody(UpdateAuthUserInputSchema, req.body);
      if (input.username !== undefined) {
        const [other] = await db
          .select({ id: users.id })
          .from(users)
          .where(
            sql`lower(${users.username}) = ${input.username.toLowerCase()} and ${users.id} <> ${user.id}`,
          )
          .limit(1);
        if (other) throw new AppError(takenUsername.code, takenUsername.message);
      }
      req.body = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.username !== undefined
          ? { username: input.username, displayUsername: input.username }
          : {}),
      };
    },
    handler: passThrough,
  });

  app.post('/api/auth/change-email', {
    schema: { hide: true },
    preHandler: async (req) => {
      await limits.verifyEmailIp.hit(req, clientKey(req));
      const user = await requireUser(req);
      await limits.verifyEmailAccount.hit(req, user.email);
      const input = parseBody(ChangeEmailInputSchema, req.body);
      req.body = {
        newEmail: input.newEmail,
        callbackURL: sitePath(input.callbackURL, VERIFY_EMAIL_CALLBACK),
      };
    },
    handler: passThrough,
  });

  // ---- Everything else: session, sign-out, sessions list/revoke, verify-email, … -----------

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: passThrough,
  });
}
