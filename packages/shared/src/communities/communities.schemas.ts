import { z } from 'zod';
import { safeText } from '../common/text';
import { LIMITS } from '../common/limits';
import { pageOf } from '../common/page.schemas';

export const CommunitySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The community's picture, web-sized (the widest stored variant, ≤ 1280 px), or null. */
  imageUrl: z.string().nullable(),
  /** A small version for lists and pickers (640 px); the picture itself when there is no thumbnail; null without a picture. */
  thumbnailUrl: z.string().nullable(),
  memberCount: z.number().int(),
});
export type CommunitySummary = z.infer<typeof CommunitySummarySchema>;

export const CommunitySchema = CommunitySummarySchema.extend({
  about: z.string(),
  postCount: z.number().int(),
  /** Whether the signed-in user is among the members (the button then says Unfollow). */
  isMember: z.boolean(),
  createdAt: z.string(),
  /**
   * The series whose own community this is (issue 12: its composer offers the series as spoiler
   * tag, its page shows the merch shelf), or null. Sent by GET /api/communities/:id.
   */
  series: z
    .object({ id: z.string(), title: z.string(), kind: z.enum(['video', 'manga', 'sequence']) })
    .nullable()
    .optional(),
});
export type Community = z.infer<typeof CommunitySchema>;

/** Longest community name (characters, after trimming). */
export const COMMUNITY_NAME_MAX = 60;
export const COMMUNITY_ABOUT_MAX = 2000;

/**
 * Community search: a case-insensitive substring of the name (`%`, `_` and `\` match
 * themselves); the text is trimmed and put in Unicode NFC, so only spaces lists all,
 * alphabetically. Accents are not folded: 'cafe' does not find 'Café' (docs/communities.md).
 */
export const SearchCommunitiesQuerySchema = z.object({
  q: safeText()
    .trim()
    .normalize('NFC')
    .max(LIMITS.searchQueryMax, `Search text must be at most ${LIMITS.searchQueryMax} characters.`)
    .default(''),
  /** Opaque, from the previous page's `nextCursor`. */
  cursor: safeText().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(50),
  /** 'true' lists the user's followed communities first (the create-post picker). */
  followedFirst: z.stringbool().default(false),
});
export type SearchCommunitiesQuery = z.infer<typeof SearchCommunitiesQuerySchema>;

export const CommunityPageSchema = pageOf(CommunitySummarySchema.extend({ isMember: z.boolean() }));
export type CommunityPage = z.infer<typeof CommunityPageSchema>;

export const MembershipStateSchema = z.object({
  isMember: z.boolean(),
  memberCount: z.number().int(),
});
export type MembershipState = z.infer<typeof MembershipStateSchema>;

const CommunityNameSchema = safeText()
  .trim()
  .normalize('NFC')
  .min(2, 'Name must be at least 2 characters.')
  .max(COMMUNITY_NAME_MAX, `Name must be at most ${COMMUNITY_NAME_MAX} characters.`);
const CommunityAboutSchema = safeText()
  .trim()
  .max(COMMUNITY_ABOUT_MAX, `About must be at most ${COMMUNITY_ABOUT_MAX} characters.`);

/** Admin-only: create a community. Names are unique case-insensitively. */
export const UpsertCommunityInputSchema = z.object({
  name: CommunityNameSchema,
  about: CommunityAboutSchema.default(''),
});
export type UpsertCommunityInput = z.infer<typeof UpsertCommunityInputSchema>;

/** Admin-only: edit a community; only the fields given change. */
export const UpdateCommunityInputSchema = z.object({
  name: CommunityNameSchema.optional(),
  about: CommunityAboutSchema.optional(),
});
export type UpdateCommunityInput = z.infer<typeof UpdateCommunityInputSchema>;

/** Communities suggested to follow (the empty feed): the most members first. */
export const SUGGESTED_COMMUNITIES_MAX = 24;
export const SuggestedCommunitiesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(SUGGESTED_COMMUNITIES_MAX).default(6),
});
export type SuggestedCommunitiesQuery = z.infer<typeof SuggestedCommunitiesQuerySchema>;

/** `GET /api/communities/suggested`: never one the user follows, so `isMember` is false. */
export const SuggestedCommunitiesSchema = z.object({
  items: CommunityPageSchema.shape.items,
});
export type SuggestedCommunities = z.infer<typeof SuggestedCommunitiesSchema>;
