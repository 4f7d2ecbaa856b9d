// Its own module: posts, comments, notifications and the shop put it in their answers, and the
// web app builds a module's every schema when it loads one (docs/web-performance.md).
import { z } from 'zod';

/** Who wrote something: enough for a byline with an avatar. */
export const UserSummarySchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  /** `/files/...` URL of the avatar, or null for the default. */
  avatarUrl: z.string().nullable(),
});
export type UserSummary = z.infer<typeof UserSummarySchema>;
