import { z } from 'zod';
import { safeText } from '../common/text';
import {
  EmailSchema,
  FullNameSchema,
  PasswordSchema,
  UsernameSchema,
} from '../users/users.schemas';

/**
 * The auth contract. The endpoints under /api/auth are Better Auth's; the server
 * validates their bodies with these schemas first and answers every error in
 * the API's one shape (`{ error: { code, message } }`).
 */

/** The header that carries a solved proof-of-work challenge on sign-up and password reset. */
export const CHALLENGE_HEADER = 'x-altcha';

/** Where the web fetches a fresh challenge (GET). */
export const CHALLENGE_PATH = '/api/challenge';

/**
 * A proof-of-work challenge (ALTCHA, v1 format; `altcha-lib/v1` solves it):
 * find `number` in [0, maxnumber] with SHA-256(salt + number) === challenge.
 */
export const AltchaChallengeSchema = z.object({
  algorithm: z.literal('SHA-256'),
  /** Hex SHA-256 of `salt + number`. */
  challenge: z.string(),
  /** The largest number to try. */
  maxnumber: z.number().int().positive(),
  /** Carries `?expires=<unix seconds>&`; part of what is signed. */
  salt: z.string(),
  /** The server's HMAC of `challenge`. */
  signature: z.string(),
});
export type AltchaChallenge = z.infer<typeof AltchaChallengeSchema>;

/**
 * A solved challenge: the challenge's fields plus the `number` found. Sent as
 * `btoa(JSON.stringify(payload))` in the `x-altcha` header (the format of
 * altcha-lib's v1 solution and of the ALTCHA widget); each payload is accepted once.
 */
export const AltchaPayloadSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: safeText().max(128),
  number: z.number().int().nonnegative(),
  salt: safeText().max(256),
  signature: safeText().max(128),
  /** Milliseconds the solver took (informational; the server ignores it). */
  took: z.number().optional(),
});
export type AltchaPayload = z.infer<typeof AltchaPayloadSchema>;

/** POST /api/auth/sign-in/email. Email and password are both required (spec §5). */
export const SignInInputSchema = z.object({
  email: EmailSchema,
  password: z
    .string({ message: 'Please enter your password.' })
    .min(1, 'Please enter your password.'),
  /** false: the session cookie lasts for this browser session only. */
  rememberMe: z.boolean().optional(),
});
export type SignInInput = z.infer<typeof SignInInputSchema>;

/**
 * Sign-in answers `{ token, user }` with the session cookie set, or, when the
 * account has two-factor on, `{ twoFactorRedirect: true }` with a short-lived
 * two-factor cookie instead: then call /two-factor/verify-totp or
 * /two-factor/verify-backup-code.
 */
export const SignInResultSchema = z.union([
  z.object({ twoFactorRedirect: z.literal(true) }),
  z.object({ token: z.string().nullable(), user: z.object({ id: z.string() }).loose() }).loose(),
]);
export type SignInResult = z.infer<typeof SignInResultSchema>;

/** The web route the password-reset link leads to (`?token=…`, or `?error=INVALID_TOKEN|TOKEN_EXPIRED`). */
export const RESET_PASSWORD_ROUTE = '/reset-password';
/** Where the verification link lands after verifying. */
export const VERIFY_EMAIL_CALLBACK = '/feed';

/** POST /api/auth/request-password-reset (with `x-altcha`). */
export const RequestPasswordResetInputSchema = z.object({
  email: EmailSchema,
  /** A path on this site; the server uses /reset-password when absent. */
  redirectTo: safeText().max(2048).optional(),
});
export type RequestPasswordResetInput = z.infer<typeof RequestPasswordResetInputSchema>;

/** The one answer to a reset request, whether or not the address has an account (DESIGN.md). */
export const PASSWORD_RESET_REQUESTED_MESSAGE =
  "If an account exists for that email, we've sent a link to reset the password.";

export const RequestPasswordResetResultSchema = z.object({
  status: z.literal(true),
  message: z.string(),
});
export type RequestPasswordResetResult = z.infer<typeof RequestPasswordResetResultSchema>;

/** POST /api/auth/reset-password. */
export const ResetPasswordInputSchema = z.object({
  newPassword: PasswordSchema,
  token: safeText({
    message: 'This link is invalid or has already been used. Please ask for a new one.',
  })
    .min(1)
    .max(512),
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;

/**
 * POST /api/auth/send-verification-email (at most one mail per account every 3 minutes).
 * `automatic: true` (signed in; the web's send on arrival): when a mail went out within the
 * cooldown it sends nothing and answers `sent: false` with the seconds left, never 429.
 */
export const SendVerificationEmailInputSchema = z.object({
  email: EmailSchema,
  callbackURL: safeText().max(2048).optional(),
  automatic: z.boolean().optional(),
});
export type SendVerificationEmailInput = z.infer<typeof SendVerificationEmailInputSchema>;

export const SendVerificationEmailResultSchema = z.object({
  status: z.literal(true),
  /** False: an automatic send found a mail sent within the cooldown and sent nothing. */
  sent: z.boolean(),
  /** Seconds until the next mail may be asked for (the resend button waits this long). */
  retryAfter: z.number().int().nonnegative(),
});
export type SendVerificationEmailResult = z.infer<typeof SendVerificationEmailResultSchema>;

/**
 * The one answer to a sign-up whose input is valid and whose username is free, whether the
 * email is new (a verification mail goes out) or already has an account (its owner is told
 * someone tried): nobody learns from it which emails have accounts. No session is set; the
 * mailed link signs the browser in.
 */
export const SIGN_UP_CHECK_INBOX_MESSAGE =
  'Check your inbox: we have sent you an email to finish signing up.';

export const SignUpResultSchema = z.object({
  status: z.literal(true),
  message: z.string(),
});
export type SignUpResult = z.infer<typeof SignUpResultSchema>;

/**
 * POST /api/auth/change-password (signed in). Every other session of the account ends,
 * whatever `revokeOtherSessions` says (it is accepted and ignored).
 */
export const ChangePasswordInputSchema = z.object({
  currentPassword: z
    .string({ message: 'Please enter your current password.' })
    .min(1, 'Please enter your current password.')
    .max(1024),
  newPassword: PasswordSchema,
  revokeOtherSessions: z.boolean().optional(),
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

/**
 * POST /api/auth/update-user: the account fields Better Auth keeps (other fields are
 * ignored). A username taken by someone else in any case answers 409 `username_taken`.
 */
export const UpdateAuthUserInputSchema = z
  .object({ name: FullNameSchema.optional(), username: UsernameSchema.optional() })
  .refine((v) => v.name !== undefined || v.username !== undefined, 'Nothing to update.');
export type UpdateAuthUserInput = z.infer<typeof UpdateAuthUserInputSchema>;

/**
 * POST /api/auth/change-email (signed in). The email changes once a link is clicked: an
 * unverified account gets it at the new address; a verified account first confirms with a
 * link sent to the old address, then verifies the new one. Counts against the 3-minute
 * mail limit.
 */
export const ChangeEmailInputSchema = z.object({
  newEmail: EmailSchema,
  callbackURL: safeText().max(2048).optional(),
});
export type ChangeEmailInput = z.infer<typeof ChangeEmailInputSchema>;

/** POST /api/auth/two-factor/enable and /two-factor/disable. */
export const TwoFactorPasswordInputSchema = z.object({
  password: z
    .string({ message: 'Please enter your password.' })
    .min(1, 'Please enter your password.'),
});
export type TwoFactorPasswordInput = z.infer<typeof TwoFactorPasswordInputSchema>;

/** Answer of /two-factor/enable: show the QR code of `totpURI` and the one-time backup codes. */
export const TwoFactorEnableResultSchema = z.object({
  /** otpauth://totp/… URI: the QR code's content; its `secret` parameter is the key to type in. */
  totpURI: z.string(),
  backupCodes: z.array(z.string()),
});
export type TwoFactorEnableResult = z.infer<typeof TwoFactorEnableResultSchema>;

/** POST /api/auth/two-factor/verify-totp: confirms enabling, or completes a sign-in. */
export const VerifyTotpInputSchema = z.object({
  code: z
    .string({ message: 'Please enter the 6-digit code.' })
    .trim()
    .regex(/^\d{6}$/, 'Please enter the 6-digit code from your authenticator app.'),
  /** Skip the code on this browser for 30 days. */
  trustDevice: z.boolean().optional(),
});
export type VerifyTotpInput = z.infer<typeof VerifyTotpInputSchema>;

/** POST /api/auth/two-factor/verify-backup-code: completes a sign-in; each code works once. */
export const VerifyBackupCodeInputSchema = z.object({
  code: safeText({ message: 'Please enter a backup code.' })
    .trim()
    .min(1, 'Please enter a backup code.'),
  trustDevice: z.boolean().optional(),
});
export type VerifyBackupCodeInput = z.infer<typeof VerifyBackupCodeInputSchema>;

/** GET /api/auth/get-session: null when signed out. */
export const AuthSessionSchema = z
  .object({
    session: z
      .object({
        id: z.string(),
        userId: z.string(),
        expiresAt: z.string(),
        createdAt: z.string(),
      })
      .loose(),
    user: z
      .object({
        id: z.string(),
        name: z.string(),
        email: z.string(),
        emailVerified: z.boolean(),
        username: z.string().nullish(),
        /** The username as the user typed it (case kept). */
        displayUsername: z.string().nullish(),
        role: z.string().nullish(),
        twoFactorEnabled: z.boolean().nullish(),
      })
      .loose(),
  })
  .nullable();
export type AuthSession = z.infer<typeof AuthSessionSchema>;

/** One row of GET /api/auth/list-sessions. Revoke with POST /revoke-session `{ token }`. */
export const SessionListItemSchema = z
  .object({
    id: z.string(),
    token: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    expiresAt: z.string(),
    ipAddress: z.string().nullish(),
    userAgent: z.string().nullish(),
  })
  .loose();
export type SessionListItem = z.infer<typeof SessionListItemSchema>;

/**
 * The sign-in error catalogue (spec §8 with DESIGN.md's change: one message for
 * a wrong password and an unknown account). The server answers these codes; the
 * last two are the web's own (no answer / a 5xx).
 */
export const AUTH_ERROR_MESSAGES = {
  invalid_credential: 'Sorry, that email or password is incorrect.',
  invalid_email: 'Sorry, this is not a valid email. Please enter a valid email address.',
  unverified_email: 'This email address in unverified',
  user_disabled: 'This account has been disabled.',
  challenge_failed: 'Please complete the check and try again.',
  internal_error:
    "Sorry, we're having issues on our end, please try again after refreshing the page.",
  network_request_failed:
    'It seems you internet connection is unstable. Please try again after refreshing the page or checking your internet connection.',
} as const;
export type AuthErrorCode = keyof typeof AUTH_ERROR_MESSAGES;
