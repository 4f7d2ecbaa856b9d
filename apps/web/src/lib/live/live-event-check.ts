import { LiveEventSchema, type LiveEvent } from '@otakura/shared';

/** The result of checking one frame of /api/live. */
export type LiveEventCheck =
  { success: true; data: LiveEvent } | { success: false; issues: readonly unknown[] };

export type LiveEventParser = (json: unknown) => LiveEventCheck;

/**
 * A frame checked with the shared `LiveEventSchema`. Its own module so that zod is fetched with
 * the first live connection (live-client.ts `loadLiveEventParser`), not with every page.
 */
export const parseLiveEvent: LiveEventParser = (json) => {
  const parsed = LiveEventSchema.safeParse(json);
  return parsed.success
    ? { success: true, data: parsed.data }
    : { success: false, issues: parsed.error.issues };
};
