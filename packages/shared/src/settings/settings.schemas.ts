import { z } from 'zod';
import { pageOf } from '../common/page.schemas';
import { UserSummarySchema } from '../users/user-summary.schemas';

export const NotificationPrefsSchema = z.object({
  comments: z.boolean(),
  replies: z.boolean(),
  likes: z.boolean(),
  follows: z.boolean(),
  /** Also by email, not only in the app. */
  email: z.boolean(),
});
export type NotificationPrefs = z.infer<typeof NotificationPrefsSchema>;

export const DEFAULT_NOTIFICATIONS: NotificationPrefs = {
  comments: true,
  replies: true,
  likes: true,
  follows: true,
  email: false,
};

export const DmPolicySchema = z.enum(['everyone', 'following', 'nobody']);
/** 'auto' follows the browser's language. */
export const LanguagePreferenceSchema = z.enum(['auto', 'en', 'ja']);

/** Settings kept on the server because they matter across devices. */
export const SettingsSchema = z.object({
  defaultSort: z.enum(['new', 'top']),
  language: LanguagePreferenceSchema,
  notifications: NotificationPrefsSchema,
  dmPolicy: DmPolicySchema,
  /** Whether NSFW posts show unblurred. */
  nsfwOptIn: z.boolean(),
  /** Only users whose birthday makes them 18+ may opt in. */
  canOptInNsfw: z.boolean(),
  ratingPromptSeen: z.boolean(),
  /** Issue 12: others see the "Owned volumes" shelf on the profile (the owner always does). */
  showOwnedVolumes: z.boolean(),
  /** Issue 12: blur the thumbnails of episodes the user has not watched yet (spoiler shield). */
  blurUnwatchedThumbnails: z.boolean(),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const UpdateSettingsInputSchema = z
  .object({
    defaultSort: z.enum(['new', 'top']),
    language: LanguagePreferenceSchema,
    notifications: NotificationPrefsSchema.partial(),
    dmPolicy: DmPolicySchema,
    nsfwOptIn: z.boolean(),
    ratingPromptSeen: z.boolean(),
    showOwnedVolumes: z.boolean(),
    blurUnwatchedThumbnails: z.boolean(),
  })
  .partial()
  .strict();
export type UpdateSettingsInput = z.infer<typeof UpdateSettingsInputSchema>;

export const BlockedUserSchema = UserSummarySchema.extend({ blockedAt: z.string() });
export const BlockedUserPageSchema = pageOf(BlockedUserSchema);
export type BlockedUserPage = z.infer<typeof BlockedUserPageSchema>;

export const BlockStateSchema = z.object({ blocked: z.boolean() });
export type BlockState = z.infer<typeof BlockStateSchema>;
