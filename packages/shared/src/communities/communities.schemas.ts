import { z } from 'zod';
import { LIMITS } from '../common/limits';
import { pageOf } from '../common/page.schemas';

export const CommunitySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  memberCount: z.number().int(),
});
export type CommunitySummary = z.infer<typeof CommunitySummarySchema>;

export const CommunitySchema = CommunitySummarySchema.extend({
  about: z.string(),
  bannerUrl: z.string().nullable(),
  postCount: z.number().int(),
  /** Whether the signed-in user is among the members (the button then says Unfollow). */
  isMember: z.boolean(),
  createdAt: z.string(),
});
export type Community = z.infer<typeof CommunitySchema>;

/** Community search: case-insensitive substring of the name; an empty query lists all, alphabetically. */
export const SearchCommunitiesQuerySchema = z.object({
  q: z
    .string()
    .max(LIMITS.searchQueryMax, `Search text must be at most ${LIMITS.searchQueryMax} characters.`)
    .default(''),
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(50),
  /** List the user's followed communities first (the create-post picker). */
  followedFirst: z.coerce.boolean().default(false),
});
export type SearchCommunitiesQuery = z.infer<typeof SearchCommunitiesQuerySchema>;

export const CommunityPageSchema = pageOf(CommunitySummarySchema.extend({ isMember: z.boolean() }));
export type CommunityPage = z.infer<typeof CommunityPageSchema>;

export const MembershipStateSchema = z.object({
  isMember: z.boolean(),
  memberCount: z.number().int(),
});
export type MembershipState = z.infer<typeof MembershipStateSchema>;

/** Admin-only: create or edit a community. */
export const UpsertCommunityInputSchema = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters.').max(60, 'Name must be at most 60 characters.'),
  about: z.string().trim().max(2000, 'About must be at most 2000 characters.').default(''),
});
export type UpsertCommunityInput = z.infer<typeof UpsertCommunityInputSchema>;
