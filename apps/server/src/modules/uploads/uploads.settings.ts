/**
 * Knobs of POST /api/uploads that tests turn (a smaller video cap, a tighter rate limit).
 * Kept per app context, not in process-wide state; production uses the defaults.
 */
import { LIMITS } from '@otakura/shared';
import type { AppContext } from '../../plugins/context';

export interface UploadsSettings {
  /** Byte caps of POST /api/uploads, by what the bytes turn out to be. */
  uploadMaxBytes: { image: number; video: number };
  /** POST /api/uploads per user. */
  uploadRateLimit: { max: number; windowMs: number };
}

export const DEFAULT_UPLOADS_SETTINGS: UploadsSettings = {
  uploadMaxBytes: { image: LIMITS.imageUploadMaxBytes, video: LIMITS.videoUploadMaxBytes },
  uploadRateLimit: { max: 60, windowMs: 10 * 60 * 1000 },
};

const store = new WeakMap<AppContext, UploadsSettings>();

/** The settings of one app (created with the defaults on first use; tests may change them). */
export function uploadsSettings(ctx: AppContext): UploadsSettings {
  let s = store.get(ctx);
  if (!s) {
    s = structuredClone(DEFAULT_UPLOADS_SETTINGS);
    store.set(ctx, s);
  }
  return s;
}
