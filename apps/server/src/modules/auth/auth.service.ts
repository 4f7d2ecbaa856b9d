/**
 * Our policies in front of Better Auth (docs/auth.md): the proof-of-work challenge, rate
 * limits and growing sign-in delays, sign-up that tells nobody which emails have accounts,
 * verification mails once per cooldown, and the input Better Auth is given. The routes
 * validate with the shared schemas, call one method here and send what it returns.
 */
import type { FastifyRequest } from 'fastify';
import { hashPassword } from 'better-auth/crypto';
import {
  RESET_PASSWORD_ROUTE,
  SIGN_UP_CHECK_INBOX_MESSAGE,
  TIMINGS,
  VERIFY_EMAIL_CALLBACK,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  type AltchaChallenge,
  type ChangeEmailInput,
  type ChangePasswordInput,
  type RequestPasswordResetInput,
  type RequestPasswordResetResult,
  type ResetPasswordInput,
  type SendVerificationEmailInput,
  type SendVerificationEmailResult,
  type SignInInput,
  type SignUpInput,
  type SignUpResult,
  type UpdateAuthUserInput,
} from '@otakura/shared';
import type { AppConfig } from '../../config/env';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, tooManyRequests } from '../../lib/errors';
import { sendInBackground, type Mailer } from '../mail/mailer';
import { signUpAttemptMail } from '../mail/templates';
import type { Auth } from './auth';
import { askBetterAuth, type AuthAnswer } from './auth.bridge';
import { takenEmail, takenUsername } from './auth.errors';
import { isFreshSession, requireUser } from './auth.guard';
import { clientKey, type AuthLimiters } from './auth.rate-limit';
import * as repo from './auth.repository';
import type { ChallengeService } from './challenge.service';
import { SignInBackoff } from './sign-in-backoff';

/** A sign-up answers no sooner than this, new email or taken, so its timing does not tell. */
export const SIGN_UP_MIN_MS = 300;

/** Work still going on after an answer went out (reset requests); tests and shutdown wait for it. */
const background = new Set<Promise<void>>();

/** Waits until every reset request answered so far has done its work. */
export async function flushResetRequests(): Promise<void> {
  while (background.size) await Promise.all([...background]);
}

function inBackground(work: Promise<void>): void {
  background.add(work);
  void work.finally(() => background.delete(work));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A same-site path such as `/feed` (never `//host` or a URL), else `fallback`. */
export function sitePath(value: unknown, fallback: string): string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) && !/[\\\s]/.test(value)
    ? value
    : fallback;
}

/** One backoff per app (the routes and tests reach it through the app's context). */
const backoffs = new WeakMap<object, SignInBackoff>();

/**
 * The sign-in backoff of the app whose context is `ctx` (tests move its clock): made by
 * `create` the first time (the auth routes pass a Redis-backed one with REDIS_URL), in
 * memory when none is given.
 */
export function signInBackoff(
  ctx: object,
  create: () => SignInBackoff = () => new SignInBackoff(),
): SignInBackoff {
  let b = backoffs.get(ctx);
  if (!b) backoffs.set(ctx, (b = create()));
  return b;
}

export interface AuthServiceDeps {
  auth: Auth;
  config: AppConfig;
  db: Db;
  mailer: Mailer;
  limits: AuthLimiters;
  challenges: ChallengeService;
  backoff: SignInBackoff;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: AuthServiceDeps) {
  const { auth, config, db, limits, challenges, backoff } = deps;
  const ask = (req: FastifyRequest, body?: unknown) => {
    if (body !== undefined) req.body = body;
    return askBetterAuth(auth, config.publicUrl, req);
  };

  function throwIfTaken(taken: { username: boolean; email?: boolean }) {
    if (taken.username) throw conflict(takenUsername.code, takenUsername.message);
    if (taken.email) throw conflict(takenEmail.code, takenEmail.message);
  }

  /** Tells the owner of `email` that someone tried to sign up with it (at most one mail per 15 minutes). */
  async function mailOwnerOfTakenEmail(req: FastifyRequest, email: string): Promise<void> {
    const owner = await repo.findUserByEmail(db, email);
    if (!owner || (await limits.signUpExistingMail.cooldownSec(req, email)) > 0) return;
    await limits.signUpExistingMail.record(req, email);
    const resetUrl = new URL('/forgotPassword', config.publicUrl).href;
    sendInBackground(
      deps.mailer,
      { to: email, ...signUpAttemptMail(config.productName, owner.name, resetUrl) },
      (err) => deps.log.error({ err }, 'sign-up attempt mail failed'),
    );
  }

  return {
    /** A new proof-of-work challenge (30 a minute per address). */
    async challenge(req: FastifyRequest): Promise<AltchaChallenge> {
      await limits.challengeIp.hit(req, clientKey(req));
      return challenges.create();
    },

    /** Counts a sign-up request from the address before anything else is looked at. */
    async countSignUpAttempt(req: FastifyRequest): Promise<void> {
      const ip = clientKey(req);
      await limits.signUpIpAttempts.hit(req, ip);
      await limits.signUpIpAccounts.check(req, ip);
    },

    /**
     * Sign-up of valid input: the challenge is consumed (only now, so bad input does not
     * burn it), a taken username is 409; then a new email gets its account (no session: the
     * mailed link signs in) and a taken one a mail to its owner — and both the same answer,
     * no sooner than SIGN_UP_MIN_MS.
     */
    async signUp(
      req: FastifyRequest,
      input: SignUpInput,
      extra: { callbackURL?: unknown; challenge: string | string[] | undefined },
    ): Promise<{ result: SignUpResult } | { answer: AuthAnswer }> {
      await challenges.consume(extra.challenge);
      const started = Date.now();
      const taken = await repo.findTaken(db, input.username, input.email);
      throwIfTaken({ username: taken.username });
      let existing = taken.email;
      if (!existing) {
        const answer = await ask(req, {
          name: input.name,
          username: input.username,
          displayUsername: input.username,
          email: input.email,
          password: input.password,
          // The verification link comes back to the app.
          callbackURL: sitePath(extra.callbackURL, VERIFY_EMAIL_CALLBACK),
        });
        if (answer.status >= 300) {
          // Lost a race with another sign-up for the same name or email: say which name.
          const now = await repo.findTaken(db, input.username, input.email);
          throwIfTaken({ username: now.username });
          if (!now.email) return { answer };
          existing = true;
        } else {
          // The sign-up sent a verification mail: the automatic resend waits its turn.
          await limits.verifyEmailAccount.record(req, input.email);
        }
      }
      if (existing) {
        // The same work as creating an account costs (hashing the password), then the owner is told.
        await hashPassword(input.password);
        await mailOwnerOfTakenEmail(req, input.email);
      }
      await limits.signUpIpAccounts.record(req, clientKey(req));
      const left = SIGN_UP_MIN_MS - (Date.now() - started);
      if (left > 0) await sleep(left);
      return { result: { status: true, message: SIGN_UP_CHECK_INBOX_MESSAGE } };
    },

    /** Counts a sign-in attempt from the address (10 a minute, bad input included). */
    async countSignInAttempt(req: FastifyRequest): Promise<void> {
      await limits.signInIp.hit(req, clientKey(req));
    },

    /**
     * Sign-in under the growing delays (sign-in-backoff.ts): refused while the address is
     * held, or while the account is held and this address has failed recently — so a
     * correct password from an address with no recent failure still gets in.
     */
    async signIn(req: FastifyRequest, input: SignInInput): Promise<AuthAnswer> {
      const ipKey = `ip:${clientKey(req)}`;
      const accountKey = `account:${input.email}`;
      const [ipWait, ipFailed] = await Promise.all([
        backoff.waitSec(ipKey),
        backoff.hasFailed(ipKey),
      ]);
      const wait = Math.max(ipWait, ipFailed ? await backoff.waitSec(accountKey) : 0);
      if (wait > 0) throw tooManyRequests(wait);
      const answer = await ask(req, {
        email: input.email,
        password: input.password,
        ...(input.rememberMe !== undefined ? { rememberMe: input.rememberMe } : {}),
      });
      if (answer.status === 401) {
        await Promise.all([backoff.fail(ipKey), backoff.fail(accountKey)]);
        // An account imported from the first build has no password here: say what to do.
        if (await repo.importedWithoutPassword(db, input.email.toLowerCase()))
          throw new AppError('password_reset_required');
      } else if (answer.status < 300) {
        await Promise.all([backoff.succeed(ipKey), backoff.succeed(accountKey)]);
      }
      return answer;
    },

    /**
     * A verification mail, one per account per cooldown. An automatic send (signed in) finds
     * a recent mail and sends nothing, answering the seconds left; a manual one is 429 then.
     */
    async sendVerificationEmail(
      req: FastifyRequest,
      input: SendVerificationEmailInput,
    ): Promise<{ answer: AuthAnswer } | { result: SendVerificationEmailResult }> {
      let email = input.email;
      if (input.automatic) {
        email = (await requireUser(req)).email;
        const left = await limits.verifyEmailAccount.cooldownSec(req, email);
        if (left > 0) return { result: { status: true, sent: false, retryAfter: left } };
      }
      await limits.verifyEmailIp.hit(req, clientKey(req));
      await limits.verifyEmailAccount.hit(req, email);
      const answer = await ask(req, {
        email,
        callbackURL: sitePath(input.callbackURL, VERIFY_EMAIL_CALLBACK),
      });
      if (answer.status >= 300) return { answer };
      const retryAfter = await limits.verifyEmailAccount.cooldownSec(req, email);
      return { result: { status: true, sent: true, retryAfter } };
    },

    async countResetRequest(req: FastifyRequest): Promise<void> {
      await limits.resetIp.hit(req, clientKey(req));
    },

    /**
     * The same answer whether or not the address has an account, given before any
     * account-specific work runs (lookup, token, mail), so its timing reveals nothing.
     * The work goes on in the background; failures are logged.
     */
    async requestPasswordReset(
      req: FastifyRequest,
      input: RequestPasswordResetInput,
      challenge: string | string[] | undefined,
    ): Promise<RequestPasswordResetResult> {
      await challenges.consume(challenge);
      await limits.resetEmail.hit(req, input.email);
      const body = {
        email: input.email,
        redirectTo: sitePath(input.redirectTo, RESET_PASSWORD_ROUTE),
      };
      inBackground(
        ask(req, body)
          .then((answer) => {
            if (answer.status >= 400)
              deps.log.warn(
                { status: answer.status, code: answer.errorCode },
                'password reset request failed',
              );
          })
          .catch((err: unknown) => deps.log.error({ err }, 'password reset request failed')),
      );
      return { status: true, message: PASSWORD_RESET_REQUESTED_MESSAGE };
    },

    /** Where an expired reset link goes instead of Better Auth (undefined: not expired). */
    async expiredResetLinkTarget(token: string, callbackURL: unknown): Promise<string | undefined> {
      if (!(await repo.resetTokenExpired(db, token))) return undefined;
      const target = new URL(sitePath(callbackURL, RESET_PASSWORD_ROUTE), config.publicUrl);
      target.searchParams.set('error', 'TOKEN_EXPIRED');
      return target.href;
    },

    async resetPassword(req: FastifyRequest, input: ResetPasswordInput): Promise<AuthAnswer> {
      if (await repo.resetTokenExpired(db, input.token))
        throw badRequest('expired_token', 'This link has expired. Please ask for a new one.');
      return ask(req, { newPassword: input.newPassword, token: input.token });
    },

    /** A two-factor code, 5 wrong ones per pending sign-in (or session) per 5 minutes. */
    async verifyTwoFactor(
      req: FastifyRequest,
      key: string,
      input: { code: string; trustDevice?: boolean },
    ): Promise<AuthAnswer> {
      await limits.twoFactorFailures.check(req, key);
      const answer = await ask(req, {
        code: input.code,
        ...(input.trustDevice !== undefined ? { trustDevice: input.trustDevice } : {}),
      });
      if (answer.status === 401 && /INVALID_(BACKUP_)?CODE/.test(answer.errorCode ?? ''))
        await limits.twoFactorFailures.record(req, key);
      return answer;
    },

    async countTwoFactorAttempt(req: FastifyRequest): Promise<void> {
      await limits.twoFactorIp.hit(req, clientKey(req));
    },

    /** The password checks of a signed-in user: 10 a minute per address, 10 per session per 15 minutes. */
    async countPasswordCheck(req: FastifyRequest) {
      await limits.passwordCheckIp.hit(req, clientKey(req));
      const user = await requireUser(req);
      await limits.passwordCheckSession.hit(req, user.sessionId);
      return user;
    },

    /** Changing the password ends every other session of the account, whatever the client asked. */
    async changePassword(req: FastifyRequest, input: ChangePasswordInput): Promise<AuthAnswer> {
      return ask(req, {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      });
    },

    /**
     * Deleting the account needs the password or a sign-in younger than 5 minutes (DESIGN.md).
     * Better Auth 1.4.22 checks the age in the wrong unit (300 s × 1000), so we check it here.
     */
    async deleteUser(req: FastifyRequest, password: string | undefined): Promise<AuthAnswer> {
      const user = await requireUser(req);
      if (!password && !isFreshSession(user, TIMINGS.sensitiveActionMaxAgeSec))
        throw forbidden('reauth_required', 'For your security, please sign in again to do this.');
      return ask(req, password ? { password } : {});
    },

    /** Name and username (a username taken by another account in any case is 409). */
    async updateUser(req: FastifyRequest, input: UpdateAuthUserInput): Promise<AuthAnswer> {
      const user = await requireUser(req);
      if (
        input.username !== undefined &&
        (await repo.usernameTakenByOther(db, input.username, user.id))
      )
        throw conflict(takenUsername.code, takenUsername.message);
      return ask(req, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.username !== undefined
          ? { username: input.username, displayUsername: input.username }
          : {}),
      });
    },

    /** A new email (its link counts against the 3-minute mail limit of the account). */
    async changeEmail(req: FastifyRequest, input: ChangeEmailInput): Promise<AuthAnswer> {
      await limits.verifyEmailIp.hit(req, clientKey(req));
      const user = await requireUser(req);
      await limits.verifyEmailAccount.hit(req, user.email);
      return ask(req, {
        newEmail: input.newEmail,
        callbackURL: sitePath(input.callbackURL, VERIFY_EMAIL_CALLBACK),
      });
    },

    /** Any other Better Auth path, as it came. */
    forward(req: FastifyRequest): Promise<AuthAnswer> {
      return ask(req);
    },
  };
}
