import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, twoFactor, username } from 'better-auth/plugins';
import { UsernameSchema } from '@otakura/shared';
import type { AppConfig } from '../../config/env';
import type { Database } from '../../db/client';
import { accounts, sessions, twoFactors, users, verifications } from '../../db/schema';
import { newId } from '../../lib/ids';
import { sendInBackground, type Mailer } from '../mail/mailer';
import { changeEmailMail, resetPasswordMail, verificationMail } from '../mail/templates';
import { resolveAuthSecret } from './auth-secret';
import { registerSessionCache, SessionCache, type SessionCacheOptions } from './session-cache';

export interface AuthDeps {
  config: AppConfig;
  database: Database;
  mailer: Mailer;
  /** Called before a user row is deleted: tombstone comments, delete files (the users module). */
  beforeDeleteUser?: (userId: string) => Promise<void>;
  /** Where failed mail sends are reported (default: the console). */
  log?: { error(obj: object, msg: string): void };
  /** The per-process session cache (session-cache.ts); its TTL and size. */
  sessionCache?: SessionCacheOptions;
}

/** The web origins allowed to make state-changing requests: ours, and Vite's in development. */
export function trustedOrigins(config: AppConfig): string[] {
  const origins = [config.publicUrl];
  if (config.nodeEnv !== 'production')
    origins.push('http://localhost:5173', 'http://127.0.0.1:5173');
  return origins;
}

/**
 * Better Auth, configured for Otakura: email + password with verification
 * mails, password reset that ends other sessions, usernames, TOTP two-factor
 * with backup codes, roles and bans, UUIDv7 ids, sessions in the database.
 */
export function createAuth(deps: AuthDeps) {
  const { config, database, mailer } = deps;
  const product = config.productName;
  // Mails go out in the background: see sendInBackground.
  const mail = (to: string, m: { subject: string; text: string; html: string }) =>
    sendInBackground(mailer, { to, ...m }, (err) =>
      deps.log
        ? deps.log.error({ err, to }, `mail "${m.subject}" failed`)
        : console.error(`mail "${m.subject}" to ${to} failed:`, err),
    );
  // Every write through Better Auth that changes a session or a user drops that user's cached
  // sessions on every server before the request answers (docs/auth.md, "Session cache").
  const sessionCache = new SessionCache(deps.sessionCache);
  const invalidate = (
    row: { userId?: unknown; id?: unknown } | null | undefined,
    key: 'userId' | 'id',
  ) => (row && typeof row[key] === 'string' ? sessionCache.invalidateUser(row[key]) : undefined);
  const auth = betterAuth({
    appName: product,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: resolveAuthSecret(config),
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(database.db, {
      provider: 'pg',
      schema: { users, sessions, accounts, verifications, twoFactors },
    }),
    user: {
      modelName: 'users',
      changeEmail: {
        enabled: true,
        async sendChangeEmailVerification({ user, newEmail, url }) {
          mail(user.email, changeEmailMail(product, user.name, newEmail, url));
        },
      },
      deleteUser: {
        enabled: true,
        async beforeDelete(user) {
          await deps.beforeDeleteUser?.(user.id);
          // beforeDeleteUser may delete the row itself (sessions cascade), leaving Better
          // Auth's delete hooks nothing to see: drop the sessions here, after that commit.
          await sessionCache.invalidateUser(user.id);
        },
        async afterDelete(user) {
          await sessionCache.invalidateUser(user.id);
        },
      },
    },
    session: {
      modelName: 'sessions',
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // DESIGN.md: sensitive actions need a sign-in younger than 5 minutes.
      freshAge: 300,
    },
    databaseHooks: {
      user: {
        update: { after: async (user) => invalidate(user, 'id') },
        delete: { after: async (user) => invalidate(user, 'id') },
      },
      session: {
        update: { after: async (session) => invalidate(session, 'userId') },
        delete: { after: async (session) => invalidate(session, 'userId') },
      },
    },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // No session from sign-up: its answer must not tell a new email from a taken one (the
      // mailed verification link signs the browser in).
      autoSignIn: false,
      requireEmailVerification: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, url }) {
        mail(user.email, resetPasswordMail(product, user.name, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, url }) {
        mail(user.email, verificationMail(product, user.name, url));
      },
    },
    advanced: {
      cookiePrefix: 'otakura',
      useSecureCookies: config.secureCookies,
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
      database: { generateId: () => newId() },
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    // Doors the product does not use. Sign-in by username would bypass the sign-in limits
    // (auth.routes.ts); no social providers or mailed one-time codes are configured.
    disabledPaths: [
      '/sign-in/username',
      '/sign-in/social',
      '/link-social',
      '/unlink-account',
      '/refresh-token',
      '/get-access-token',
      '/account-info',
      '/two-factor/send-otp',
      '/two-factor/verify-otp',
    ],
    // Our own limiter (auth.rate-limit.ts) answers in the API's error shape.
    rateLimit: { enabled: false },
    // Its "user not found" lines during tests are expected noise.
    logger: { disabled: config.nodeEnv === 'test' },
    plugins: [
      username({
        minUsernameLength: 3,
        maxUsernameLength: 30,
        usernameValidator: (u) => UsernameSchema.safeParse(u).success,
      }),
      twoFactor({
        issuer: product,
        schema: { twoFactor: { modelName: 'twoFactors' } },
        backupCodeOptions: { amount: 10, length: 10 },
      }),
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
    ],
  });
  registerSessionCache(auth, sessionCache);
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
