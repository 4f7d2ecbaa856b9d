import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import {
  AUTH_ERROR_MESSAGES,
  AltchaChallengeSchema,
  CHALLENGE_HEADER,
  CHALLENGE_PATH,
  ChangeEmailInputSchema,
  ChangePasswordInputSchema,
  RequestPasswordResetInputSchema,
  ResetPasswordInputSchema,
  SendVerificationEmailInputSchema,
  SignInInputSchema,
  SignUpInputSchema,
  UpdateAuthUserInputSchema,
  VerifyBackupCodeInputSchema,
  VerifyTotpInputSchema,
  type FieldIssue,
} from '@otakura/shared';
import { badRequest, validationError } from '../../lib/errors';
import { closeRedis, createRedisClient } from '../../lib/redis';
import type { Auth } from './auth';
import { sendAnswer, type AuthAnswer } from './auth.bridge';
import { resolveAuthSecret } from './auth-secret';
import { clientKey, createAuthLimiters } from './auth.rate-limit';
import { createAuthService, signInBackoff } from './auth.service';
import { redisBackoffStore, SignInBackoff } from './sign-in-backoff';
import { createChallengeService } from './challenge.service';
import { installSessionCache } from './session-cache.routes';

export { flushResetRequests } from './auth.service';

/** Better Auth endpoints that check the signed-in user's password (change-password has its own route). */
const PASSWORD_CHECKING = [
  '/api/auth/two-factor/enable',
  '/api/auth/two-factor/disable',
  '/api/auth/two-factor/get-totp-uri',
  '/api/auth/two-factor/generate-backup-codes',
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

/** A service result: Better Auth's answer (errors rewritten), or our own JSON. */
function present<T>(reply: FastifyReply, out: { answer: AuthAnswer } | { result: T }) {
  return 'answer' in out ? sendAnswer(reply, out.answer) : reply.status(200).send(out.result);
}

/**
 * Mounts Better Auth at /api/auth/* through the Fetch Request bridge, with our policies in
 * front of it (auth.service.ts). Each route validates its body with the shared schema, calls
 * the service, and presents the answer in the API's one error shape. The Origin check is the
 * app's one check (plugins/origin-check.ts), which covers these paths too.
 */
/** Sign-in failures in Redis with REDIS_URL (every server holds the same account), else in memory. */
function createSignInBackoff(app: FastifyInstance): SignInBackoff {
  const { redisUrl, redisKeyPrefix } = app.ctx.config;
  if (!redisUrl) return new SignInBackoff();
  const redis = createRedisClient(redisUrl, {
    role: 'sign-in backoff',
    connectionName: `${redisKeyPrefix}sign-in-backoff`,
    log: app.log,
  });
  app.addHook('onClose', async () => closeRedis(redis));
  return new SignInBackoff(redisBackoffStore(redis, redisKeyPrefix, app.log));
}

async function authRoutesPlugin(app: FastifyInstance, opts: { auth: Auth }) {
  // Not encapsulated (fastify-plugin, below): the session cache's hooks reach the routes of
  // the modules registered after this one (session-cache.routes.ts).
  installSessionCache(app);
  const { config, database } = app.ctx;
  const limits = createAuthLimiters(app);
  const service = createAuthService({
    auth: opts.auth,
    config,
    db: database.db,
    mailer: app.ctx.mailer,
    limits,
    challenges: createChallengeService(database.db, resolveAuthSecret(config)),
    backoff: signInBackoff(app.ctx, () => createSignInBackoff(app)),
    log: app.log,
  });
  const cookiePrefix = config.secureCookies ? '__Secure-otakura.' : 'otakura.';
  const passThrough = async (req: FastifyRequest, reply: FastifyReply) =>
    sendAnswer(reply, await service.forward(req));

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
      void reply.header('cache-control', 'no-store');
      return service.challenge(req);
    },
  );

  // ---- Sign-up -------------------------------------------------------------------------------

  // The whole body is validated before the challenge is consumed: bad input keeps it usable.
  app.post('/api/auth/sign-up/email', { schema: { hide: true } }, async (req, reply) => {
    await service.countSignUpAttempt(req);
    const input = parseBody(SignUpInputSchema, req.body);
    const raw = req.body as { callbackURL?: unknown };
    const out = await service.signUp(req, input, {
      callbackURL: raw.callbackURL,
      challenge: req.headers[CHALLENGE_HEADER],
    });
    return present(reply, out);
  });

  // ---- Sign-in -------------------------------------------------------------------------------

  app.post('/api/auth/sign-in/email', { schema: { hide: true } }, async (req, reply) => {
    await service.countSignInAttempt(req);
    const raw = (req.body ?? {}) as { email?: unknown };
    if (typeof raw.email === 'string' && raw.email.trim() !== '') {
      const email = raw.email.trim().toLowerCase();
      if (!SignInInputSchema.shape.email.safeParse(email).success) {
        throw badRequest('invalid_email', AUTH_ERROR_MESSAGES.invalid_email, [
          { path: 'email', message: AUTH_ERROR_MESSAGES.invalid_email },
        ]);
      }
    }
    const input = parseBody(SignInInputSchema, req.body);
    return sendAnswer(reply, await service.signIn(req, input));
  });

  // ---- Email verification --------------------------------------------------------------------

  app.post('/api/auth/send-verification-email', { schema: { hide: true } }, async (req, reply) => {
    const input = parseBody(SendVerificationEmailInputSchema, req.body);
    return present(reply, await service.sendVerificationEmail(req, input));
  });

  // ---- Password reset ------------------------------------------------------------------------

  app.post('/api/auth/request-password-reset', { schema: { hide: true } }, async (req, reply) => {
    await service.countResetRequest(req);
    const input = parseBody(RequestPasswordResetInputSchema, req.body);
    const result = await service.requestPasswordReset(req, input, req.headers[CHALLENGE_HEADER]);
    return reply.status(200).send(result);
  });

  // The mailed link: Better Auth redirects to /reset-password?token=… or ?error=INVALID_TOKEN.
  app.get<{ Params: { token: string }; Querystring: { callbackURL?: string } }>(
    '/api/auth/reset-password/:token',
    { schema: { hide: true } },
    async (req, reply) => {
      const expired = await service.expiredResetLinkTarget(req.params.token, req.query.callbackURL);
      if (expired) return reply.redirect(expired, 302);
      return passThrough(req, reply);
    },
  );

  app.post('/api/auth/reset-password', { schema: { hide: true } }, async (req, reply) => {
    const input = parseBody(ResetPasswordInputSchema, req.body);
    return sendAnswer(reply, await service.resetPassword(req, input));
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
    app.post(path, { schema: { hide: true } }, async (req, reply) => {
      await service.countTwoFactorAttempt(req);
      const key = twoFactorKey(req);
      const input = parseBody(schema, req.body);
      return sendAnswer(reply, await service.verifyTwoFactor(req, key, input));
    });
  }

  for (const path of PASSWORD_CHECKING) {
    app.post(path, { schema: { hide: true } }, async (req, reply) => {
      await service.countPasswordCheck(req);
      return passThrough(req, reply);
    });
  }

  app.post('/api/auth/change-password', { schema: { hide: true } }, async (req, reply) => {
    await service.countPasswordCheck(req);
    const input = parseBody(ChangePasswordInputSchema, req.body);
    return sendAnswer(reply, await service.changePassword(req, input));
  });

  app.post('/api/auth/delete-user', { schema: { hide: true } }, async (req, reply) => {
    await service.countPasswordCheck(req);
    const raw = (req.body ?? {}) as { password?: unknown };
    const password =
      typeof raw.password === 'string' && raw.password !== '' ? raw.password : undefined;
    return sendAnswer(reply, await service.deleteUser(req, password));
  });

  // ---- Account fields Better Auth can change --------------------------------------------------

  app.post('/api/auth/update-user', { schema: { hide: true } }, async (req, reply) => {
    const input = parseBody(UpdateAuthUserInputSchema, req.body);
    return sendAnswer(reply, await service.updateUser(req, input));
  });

  app.post('/api/auth/change-email', { schema: { hide: true } }, async (req, reply) => {
    const input = parseBody(ChangeEmailInputSchema, req.body);
    return sendAnswer(reply, await service.changeEmail(req, input));
  });

  // ---- Everything else: session, sign-out, sessions list/revoke, verify-email, … -----------

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: passThrough,
  });
}

export const authRoutes = fp(authRoutesPlugin, { name: 'auth-routes' });
