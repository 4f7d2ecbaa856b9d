/** The product's limits, from spec §5 and §9 and DESIGN.md. One place; server and web both read them. */
export const LIMITS = {
  titleMax: 1000,
  /** The Post button needs a title of 1 to 999 characters (the input allows 1000). */
  titleValidMax: 999,
  bodyMax: 10_000,
  commentMax: 10_000,
  /** A report's optional details (with the reason Other). */
  reportDetailsMax: 500,
  filesPerSelection: 4,
  imagesPerPost: 5,
  /** No JSON body over 10 MB (spec §9 string cap 10,485,760 bytes). */
  jsonBodyMaxBytes: 10_485_760,
  imageUploadMaxBytes: 15 * 1024 * 1024,
  videoUploadMaxBytes: 200 * 1024 * 1024,
  searchQueryMax: 200,
  pageSizeDefault: 24,
  pageSizeMax: 100,
  usernameMin: 3,
  usernameMax: 30,
  bioMax: 500,
  minimumAge: 18,
} as const;

export const TIMINGS = {
  toastMs: 5000,
  reportConfirmationDelayMs: 500,
  videoVisibilityThreshold: 0.7,
  liveKeepaliveMs: 45_000,
  connectionTimeoutMs: 30_000,
  retryWindowMs: 120_000,
  uploadRetryWindowMs: 600_000,
  sensitiveActionMaxAgeSec: 300,
  transactionRetryCap: 25,
} as const;

/** Post type codes of spec §3. 3 is unused. */
export const POST_TYPES = { text: 0, image: 1, video: 2, gif: 4, url: 5 } as const;
export type PostType = (typeof POST_TYPES)[keyof typeof POST_TYPES];

/** The fixed account that deleted comments are attributed to (spec §4). */
export const SYSTEM_USER_ID = '00000000-0000-7000-8000-000000000000';
export const DELETED_COMMENT_TEXT = 'User deleted this comment :(';
