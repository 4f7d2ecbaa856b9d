/**
 * Every error code the API answers, with its HTTP status and its default message.
 *
 * The server's `AppError` only accepts an `ErrorCode`, so a code that is not here does not
 * typecheck; the message comes from here unless a throw site needs a more specific one (a
 * field-specific `already_set`, a limit in a `payload_too_large`, the fields of a
 * `validation_error`). The web maps codes to its own translated text and falls back to the
 * server's message. Messages quoted from the product spec (§8) are kept exactly.
 */
export const ERROR_CODES = {
  // Generic
  validation_error: { status: 400, message: 'Some fields are not valid.' },
  bad_request: { status: 400, message: 'The request is not valid.' },
  unauthorized: { status: 401, message: 'You need to sign in.' },
  forbidden: { status: 403, message: 'You may not do that.' },
  invalid_origin: {
    status: 403,
    message: 'This request did not come from this site, so it was refused.',
  },
  not_found: { status: 404, message: 'Not found.' },
  method_not_allowed: { status: 405, message: 'That method is not allowed here.' },
  request_timeout: { status: 408, message: 'The request took too long to arrive.' },
  payload_too_large: { status: 413, message: 'That is too large.' },
  uri_too_long: { status: 414, message: 'The address is too long.' },
  unsupported_media_type: { status: 415, message: 'That file type is not supported.' },
  range_not_satisfiable: { status: 416, message: 'That byte range is outside the file.' },
  rate_limited: { status: 429, message: 'Too many attempts. Please try again later.' },
  headers_too_large: { status: 431, message: 'The request headers are too large.' },
  internal_error: { status: 500, message: 'Something went wrong on our side.' },

  // Auth (spec §8 where the spec has the string)
  invalid_credential: { status: 401, message: 'Sorry, that email or password is incorrect.' },
  invalid_email: {
    status: 400,
    message: 'Sorry, this is not a valid email. Please enter a valid email address.',
  },
  unverified_email: { status: 403, message: 'This email address in unverified' },
  user_disabled: { status: 403, message: 'This account has been disabled.' },
  challenge_failed: { status: 400, message: 'Please complete the check and try again.' },
  email_taken: {
    status: 409,
    message: 'An account with this email already exists. Try logging in instead.',
  },
  username_taken: {
    status: 409,
    message: 'That username is already taken. Please try another.',
  },
  invalid_username: { status: 400, message: 'Username may only use letters, digits, _ and .' },
  weak_password: { status: 400, message: 'Password must be at least 8 characters.' },
  wrong_password: { status: 400, message: 'That password is not correct.' },
  invalid_token: {
    status: 400,
    message: 'This link is invalid or has already been used. Please ask for a new one.',
  },
  expired_token: { status: 400, message: 'This link has expired. Please ask for a new one.' },
  /** An account imported from the first build that has no password here yet (docs/import-firebase.md). */
  password_reset_required: {
    status: 401,
    message:
      'Your account came over from the first version of the site, and its password could not come with it. Use "Forgot password" to set a new one.',
  },
  reauth_required: {
    status: 403,
    message: 'For your security, please sign in again to do this.',
  },
  email_mismatch: {
    status: 400,
    message: 'That is not the email of the account you are signed in to.',
  },
  same_email: { status: 400, message: 'That is already your email.' },
  email_already_verified: { status: 400, message: 'This email address is already verified.' },
  invalid_code: {
    status: 401,
    message: 'That code is not correct. Check your authenticator app and try again.',
  },
  two_factor_expired: {
    status: 401,
    message: 'Your sign-in took too long. Please log in again.',
  },
  two_factor_not_enabled: {
    status: 400,
    message: 'Two-factor authentication is not set up for this account.',
  },

  // Users and settings
  user_not_found: { status: 404, message: 'This account cannot be found.' },
  already_set: { status: 409, message: 'This can only be set once.' },
  cannot_follow_self: { status: 400, message: 'You cannot follow yourself.' },
  cannot_block_self: { status: 400, message: 'You cannot block yourself.' },
  blocked: { status: 403, message: 'You cannot interact with this user.' },
  cannot_delete_system_user: { status: 400, message: 'The system account cannot be deleted.' },
  nsfw_requires_adult: {
    status: 403,
    message:
      'You must be 18 or older, with your birthday set on your profile, to see NSFW content.',
  },

  // Posts, uploads and files
  post_not_found: { status: 404, message: 'This post cannot be found.' },
  upload_already_used: {
    status: 409,
    message: 'That file is already part of another post. Upload it again.',
  },
  file_required: { status: 400, message: 'Choose a file to upload.' },
  invalid_multipart: { status: 400, message: 'That form could not be read.' },
  upload_incomplete: { status: 400, message: 'The upload did not complete. Try again.' },
  file_not_found: { status: 404, message: 'That file does not exist.' },

  // Communities
  community_not_found: { status: 404, message: 'That community does not exist.' },
  community_name_taken: { status: 409, message: 'A community with that name already exists.' },

  // Comments, media and reports
  comment_not_found: { status: 404, message: 'This comment cannot be found.' },
  media_not_found: { status: 404, message: 'Media not found' },
  episode_not_found: { status: 404, message: 'This episode cannot be found.' },
  volume_not_found: { status: 404, message: 'This volume cannot be found.' },
  issue_not_found: { status: 404, message: 'This issue cannot be found.' },
  page_not_found: { status: 404, message: 'This page cannot be found.' },
  playback_not_found: { status: 404, message: 'This playback session has ended.' },
  media_kind_mismatch: {
    status: 409,
    message:
      'That does not belong to this kind of media (episodes are for video, volumes for manga).',
  },
  number_taken: { status: 409, message: 'That number is already used in this series.' },
  page_order_mismatch: {
    status: 400,
    message: 'The new order must list every page of the issue exactly once.',
  },
  invalid_reply_to: {
    status: 400,
    message: 'You can only reply to a comment of the same post.',
  },
  cannot_reply_to_deleted_comment: {
    status: 400,
    message: 'This comment was deleted, so it cannot be answered.',
  },
  comment_deleted: { status: 409, message: 'This comment was deleted and cannot be edited.' },
  not_comment_author: { status: 403, message: 'Only the author can change this comment.' },
  cannot_like_own_comment: { status: 403, message: 'You cannot like your own comment.' },
  cannot_like_deleted_comment: {
    status: 403,
    message: 'This comment was deleted and cannot be liked.',
  },
  shop_item_not_found: { status: 404, message: 'This item cannot be found.' },
  report_not_found: { status: 404, message: 'This report cannot be found.' },
  cannot_report_deleted_comment: { status: 403, message: 'This comment was deleted already.' },
  cannot_report_own_comment: { status: 403, message: 'You cannot report your own comment.' },
  report_already_resolved: { status: 409, message: 'This report was handled already.' },
  cannot_report_own_content: { status: 403, message: 'You cannot report your own content.' },
  case_not_found: { status: 404, message: 'There are no open reports about this.' },
  case_content_gone: { status: 409, message: 'This content is gone already.' },
  cannot_moderate_staff: {
    status: 403,
    message: 'Moderators and admins cannot be warned or suspended here.',
  },
  cannot_moderate_self: { status: 403, message: 'You cannot act on your own account.' },
  user_not_suspended: { status: 409, message: 'This account is not suspended.' },
  notification_not_found: { status: 404, message: 'This notification cannot be found.' },
  push_unavailable: { status: 503, message: 'Push notifications are not available here.' },
  new_account_post_limit: {
    status: 429,
    message: 'New accounts can post a few times an hour. Please try again later.',
  },
  new_account_links_need_verification: {
    status: 403,
    message: 'Please verify your email address before posting links.',
  },
  order_not_paid: { status: 409, message: 'Only a paid order can be shipped.' },
  order_not_found: { status: 404, message: 'This order cannot be found.' },
  cart_changed: {
    status: 409,
    message: 'Your cart changed: some items are no longer available. Please check it again.',
  },
  out_of_stock: { status: 409, message: 'Sorry, this item just sold out.' },
  payment_provider_error: { status: 502, message: 'The payment could not be started.' },
  invalid_signature: { status: 400, message: 'The webhook signature is not valid.' },
  card_declined: { status: 402, message: 'Your card was declined.' },
  order_not_pending: { status: 409, message: 'This order is no longer waiting for payment.' },
  cannot_change_admin_role: {
    status: 403,
    message: "An admin's role can only be changed from the command line (npm run admin).",
  },
} as const satisfies Record<string, { status: number; message: string }>;

/** A registered API error code (`post_not_found`, `validation_error`, …). */
export type ErrorCode = keyof typeof ERROR_CODES;

/** True for a string that is a registered code (the web uses it to pick translated text). */
export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CODES, code);
}

/** The registry's default message for a code. */
export function errorMessage(code: ErrorCode): string {
  return ERROR_CODES[code].message;
}

/** The HTTP status a code is answered with. */
export function errorStatus(code: ErrorCode): number {
  return ERROR_CODES[code].status;
}
