import path from 'node:path';
import { z } from 'zod';

/** A promo code: a percent (1–100) or a fixed amount in cents off, valid through `expiresOn`. */
export interface PromoCode {
  code: string;
  kind: 'percent' | 'amount';
  /** Percent (1–100) or cents. */
  value: number;
  /** Last valid day (UTC, inclusive) as YYYY-MM-DD, or null for no end. */
  expiresOn: string | null;
}

/** `CODE:10%` (percent), `CODE:500` (cents), optional `:YYYY-MM-DD` expiry; comma-separated. */
const PROMO_ENTRY = /^([A-Za-z0-9_-]{1,40}):(?:(\d{1,3})%|(\d{1,9}))(?::(\d{4}-\d{2}-\d{2}))?$/;

const promoCodes = z.string().transform((raw, ctx): PromoCode[] => {
  const out: PromoCode[] = [];
  for (const entry of raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const m = PROMO_ENTRY.exec(entry);
    const percent = m?.[2] === undefined ? undefined : Number(m[2]);
    const day = m?.[4];
    if (
      !m ||
      (percent !== undefined && (percent < 1 || percent > 100)) ||
      (day !== undefined && Number.isNaN(Date.parse(`${day}T00:00:00Z`)))
    ) {
      ctx.addIssue({
        code: 'custom',
        message: `must be CODE:10% or CODE:500 (cents), optionally :YYYY-MM-DD, comma-separated; bad entry "${entry}"`,
      });
      return z.NEVER;
    }
    out.push({
      code: m[1]!.toUpperCase(),
      kind: percent !== undefined ? 'percent' : 'amount',
      value: percent ?? Number(m[3]),
      expiresOn: day ?? null,
    });
  }
  return out;
});

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ message: 'must be a port number' })
      .int('must be a whole number')
      .min(0, 'must be 0 to 65535')
      .max(65535, 'must be 0 to 65535')
      .default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    /** PostgreSQL pool size; default 2 × cores + 1, 5 to 20 (db/client.ts `defaultPoolMax`). */
    DATABASE_POOL_MAX: z.coerce
      .number({ message: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .max(1000, 'must be at most 1000')
      .optional(),
    /** Streaming read replicas of DATABASE_URL, comma-separated (db/read-replicas.ts). */
    DATABASE_READ_URL: z
      .string()
      .transform((raw) =>
        raw
          .split(',')
          .map((u) => u.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .regex(
              /^postgres(ql)?:\/\//,
              'each URL must start with postgres:// or postgresql:// (comma-separated)',
            ),
        ),
      )
      .default([]),
    /** A replica further behind the primary than this is skipped; default 1000. */
    DATABASE_READ_MAX_LAG_MS: z.coerce
      .number({ message: 'must be a whole number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(1, 'must be 1 or more')
      .max(600_000, 'must be at most 600000')
      .default(1000),
    /** How often each read replica's health and lag are checked; default 1000. */
    DATABASE_READ_CHECK_MS: z.coerce
      .number({ message: 'must be a whole number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(50, 'must be 50 or more')
      .max(60_000, 'must be at most 60000')
      .default(1000),
    /** The embedded database's shared_buffers (its page cache); default 16MB. */
    PGLITE_SHARED_BUFFERS: z
      .string()
      .regex(/^\d+(kB|MB|GB)$/, 'must be a size such as 16MB')
      .optional(),
    PUBLIC_URL: z.url({ message: 'must be an absolute http(s) URL' }).optional(),
    PRODUCT_NAME: z.string().min(1).max(40).default('Otakura'),
    SEED_DEMO: bool.default(true),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** `auto`: pretty lines in a terminal, JSON lines otherwise (docs/observability.md). */
    LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
    /** Bearer token that /metrics asks for (docs/observability.md). */
    METRICS_TOKEN: z
      .string()
      .min(16, 'must be at least 16 characters')
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .optional(),
    /** A separate listener for /metrics (0: any free port); unset: none. */
    METRICS_PORT: z.coerce
      .number({ message: 'must be a port number' })
      .int('must be a whole number')
      .min(0, 'must be 0 to 65535')
      .max(65535, 'must be 0 to 65535')
      .optional(),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    /** On SIGTERM, answer /api/health/ready 503 for this long before closing (proxies drain). */
    SHUTDOWN_DRAIN_MS: z.coerce
      .number({ message: 'must be a whole number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(0, 'must be 0 to 60000')
      .max(60_000, 'must be 0 to 60000')
      .default(0),
    /** How long a cached community page or profile may live (lib/page-cache.ts); 0 turns the cache off. */
    PAGE_CACHE_TTL_MS: z.coerce
      .number({ message: 'must be a whole number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(0, 'must be 0 to 3600000')
      .max(3_600_000, 'must be 0 to 3600000')
      .default(60_000),
    CONTACT_EMAIL: z.email({ message: 'must be an email address' }).optional(),
    S3_BUCKET: z.string().optional(),
    S3_ENDPOINT: z.url({ message: 'must be a URL' }).optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: bool.default(true),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().optional(),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    MOBILE_APP_URL: z.url().optional(),
    PREMIUM_PRICE_CENTS: z.coerce
      .number({ message: 'must be a whole number of cents' })
      .int('must be a whole number of cents')
      .min(0, 'must be 0 or more')
      .default(499),
    CURRENCY: z
      .string()
      .regex(/^[a-zA-Z]{3}$/, 'must be a three-letter ISO 4217 code, e.g. usd')
      .transform((c) => c.toLowerCase())
      .default('usd'),
    /** Sales tax on (subtotal − discount), in basis points: 800 = 8 %. */
    SHOP_TAX_RATE_BPS: z.coerce
      .number({ message: 'must be a whole number of basis points (800 = 8 %)' })
      .int('must be a whole number of basis points (800 = 8 %)')
      .min(0, 'must be 0 to 10000')
      .max(10_000, 'must be 0 to 10000')
      .default(800),
    PROMO_CODES: promoCodes.default([
      { code: 'OTAKU10', kind: 'percent', value: 10, expiresOn: null },
      { code: 'WELCOME5', kind: 'amount', value: 500, expiresOn: null },
    ]),
    WEB_DIST_DIR: z.string().optional(),
    TRUST_PROXY: bool.default(false),
    /** Posts an account younger than a day may create per hour (issue 09 anti-spam). */
    NEW_ACCOUNT_POSTS_PER_HOUR: z.coerce
      .number({ message: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .max(1000, 'must be at most 1000')
      .default(5),
    /** Web Push VAPID keys (base64url); both or neither. Unset: generated into DATA_DIR/vapid.json. */
    VAPID_PUBLIC_KEY: z.string().optional(),
    VAPID_PRIVATE_KEY: z.string().optional(),
    /** The contact the push services may reach (`mailto:` or `https:`); default: mailto:CONTACT_EMAIL. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')
      .optional(),
    /** Redis shared by every server: rate-limit counters, and the live bus with LIVE_BUS=redis. */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/[^/]/, 'must start with redis:// or rediss:// and name a host')
      .optional(),
    /** Prefix of every Redis key and channel, so several deployments can share one Redis. */
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'must be 1 to 64 of A-Z a-z 0-9 : _ . -')
      .default('otakura:'),
    /** Unset: postgres with DATABASE_URL, memory on the embedded database. */
    LIVE_BUS: z
      .enum(['postgres', 'redis', 'memory'], { message: 'must be postgres, redis or memory' })
      .optional(),
  })
  .superRefine((e, ctx) => {
    if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT)
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'must differ from PORT (unset it to serve /metrics on PORT with METRICS_TOKEN)',
      });
    if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
      ctx.addIssue({
        code: 'custom',
        path: [e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'set both VAPID keys, or neither',
      });
    if (e.LIVE_BUS === 'redis' && !e.REDIS_URL)
      ctx.addIssue({ code: 'custom', path: ['LIVE_BUS'], message: 'redis needs REDIS_URL' });
    if (e.DATABASE_READ_URL.length > 0 && !e.DATABASE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_READ_URL'],
        message: 'read replicas need DATABASE_URL (the primary)',
      });
    if (e.LIVE_BUS === 'postgres' && !e.DATABASE_URL)
      ctx.addIssue({ code: 'custom', path: ['LIVE_BUS'], message: 'postgres needs DATABASE_URL' });
  })
  .transform((e) => {
    const port = e.PORT;
    const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port === 0 ? 3000 : port}`).replace(
      /\/$/,
      '',
    );
    const slug = e.PRODUCT_NAME.toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    return {
      nodeEnv: e.NODE_ENV,
      port,
      host: e.HOST,
      dataDir: path.resolve(e.DATA_DIR),
      databaseUrl: e.DATABASE_URL,
      databasePoolMax: e.DATABASE_POOL_MAX,
      databaseReadUrls: e.DATABASE_READ_URL,
      databaseReadMaxLagMs: e.DATABASE_READ_MAX_LAG_MS,
      databaseReadCheckMs: e.DATABASE_READ_CHECK_MS,
      pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
      publicUrl,
      secureCookies: publicUrl.startsWith('https://'),
      productName: e.PRODUCT_NAME,
      productSlug: slug || 'app',
      seedDemo: e.SEED_DEMO,
      logLevel: e.LOG_LEVEL,
      logFormat: e.LOG_FORMAT,
      /** /metrics: null = off (404); see docs/observability.md. */
      metrics:
        e.METRICS_TOKEN !== undefined || e.METRICS_PORT !== undefined
          ? { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST }
          : null,
      shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
      pageCacheTtlMs: e.PAGE_CACHE_TTL_MS,
      contactEmail: e.CONTACT_EMAIL ?? `privacy@${new URL(publicUrl).hostname}`,
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM ?? `${e.PRODUCT_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
      authSecret: e.AUTH_SECRET,
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      mobileAppUrl: e.MOBILE_APP_URL,
      premiumMonthlyPriceCents: e.PREMIUM_PRICE_CENTS,
      currency: e.CURRENCY,
      /** Shop tax rate in basis points (800 = 8 %). */
      shopTaxRateBps: e.SHOP_TAX_RATE_BPS,
      promoCodes: e.PROMO_CODES,
      webDistDir: e.WEB_DIST_DIR,
      /** Believe X-Forwarded-For (only behind a reverse proxy, or clients could fake their address). */
      trustProxy: e.TRUST_PROXY,
      newAccountPostsPerHour: e.NEW_ACCOUNT_POSTS_PER_HOUR,
      /** Null: generate (or reuse) keys in DATA_DIR/vapid.json. */
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : null,
      redisUrl: e.REDIS_URL,
      redisKeyPrefix: e.REDIS_KEY_PREFIX,
      /** Undefined: chosen by the database (app-context.ts). */
      liveBus: e.LIVE_BUS,
      vapidSubject:
        e.VAPID_SUBJECT ??
        `mailto:${e.CONTACT_EMAIL ?? `privacy@${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}`}`,
    };
  });

export type AppConfig = z.output<typeof EnvSchema>;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates the environment. The only reader of `process.env`.
 * Throws a `ConfigError` naming every bad key at once.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings count as unset, so `FOO=` in a shell does not fail validation.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (i) =>
          `${i.path.join('.') || '(env)'}: ${i.message} (got ${JSON.stringify(cleaned[String(i.path[0])] ?? null)})`,
      ),
    );
  }
  return parsed.data;
}
