/**
 * The self-hosted proof-of-work check on sign-up and password reset (DESIGN.md: no
 * third party). ALTCHA's v1 format: the server signs a SHA-256 puzzle, the browser
 * finds the number, the server checks the signature and the answer — no outside call.
 * A solved payload is accepted once: its signature is recorded in `verifications`
 * (shared by every server) until the challenge expires.
 */
import { createHmac } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import { and, eq, gt, sql } from 'drizzle-orm';
import { AltchaPayloadSchema, type AltchaChallenge } from '@otakura/shared';
import type { Db } from '../../db/client';
import { verifications } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';

/** Numbers a browser tries on average: half of this (~25k SHA-256, well under a second). */
export const CHALLENGE_MAX_NUMBER = 50_000;
export const CHALLENGE_TTL_SEC = 10 * 60;
const IDENTIFIER_PREFIX = 'altcha:';

export const challengeFailed = () =>
  new AppError('challenge_failed', 'Please complete the check and try again.');

/** The challenge HMAC key: derived from the auth secret, so it never equals it. */
export function challengeKey(authSecret: string): string {
  return createHmac('sha256', authSecret).update('otakura:altcha:v1').digest('hex');
}

export interface ChallengeService {
  /** A new signed challenge, valid for 10 minutes. */
  create(): Promise<AltchaChallenge>;
  /**
   * Checks the `x-altcha` header value and records it as used.
   * Throws 400 `challenge_failed` when missing, wrong, expired or already used.
   */
  consume(header: string | string[] | undefined): Promise<void>;
}

export function createChallengeService(
  db: Db,
  authSecret: string,
  opts: { maxNumber?: number } = {},
): ChallengeService {
  const hmacKey = challengeKey(authSecret);
  const maxnumber = opts.maxNumber ?? CHALLENGE_MAX_NUMBER;
  return {
    async create() {
      const c = await createChallenge({
        algorithm: 'SHA-256',
        hmacKey,
        maxnumber,
        expires: new Date(Date.now() + CHALLENGE_TTL_SEC * 1000),
      });
      return {
        algorithm: 'SHA-256',
        challenge: c.challenge,
        maxnumber,
        salt: c.salt,
        signature: c.signature,
      };
    },

    async consume(header) {
      if (typeof header !== 'string' || header.length === 0 || header.length > 2048)
        throw challengeFailed();
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(header, 'base64').toString('utf8'));
      } catch {
        throw challengeFailed();
      }
      const parsed = AltchaPayloadSchema.safeParse(decoded);
      if (!parsed.success) throw challengeFailed();
      const payload = parsed.data;
      // Only challenges we made carry an expiry (it is inside the signed salt).
      const expires = Number(extractParams(payload).expires);
      if (!Number.isInteger(expires) || payload.number > maxnumber) throw challengeFailed();
      if (!(await verifySolution(payload, hmacKey, true))) throw challengeFailed();

      const identifier = IDENTIFIER_PREFIX + payload.signature;
      const expiresAt = new Date(expires * 1000);
      const fresh = await db.transaction(async (tx) => {
        // One consumer per signature at a time, on every server (the index on identifier is not unique).
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${identifier}, 0))`);
        const used = await tx
          .select({ id: verifications.id })
          .from(verifications)
          .where(
            and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, new Date())),
          )
          .limit(1);
        if (used.length > 0) return false;
        await tx
          .insert(verifications)
          .values({ id: newId(), identifier, value: 'used', expiresAt });
        return true;
      });
      if (!fresh) throw challengeFailed();
    },
  };
}
