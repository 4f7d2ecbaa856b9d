/** Query keys of the communities domain, one factory so invalidations cannot drift from the queries. */
export const communityKeys = {
  all: ['communities'] as const,
  searches: () => [...communityKeys.all, 'search'] as const,
  /** `GET /communities?q=` (infinite pages), by the trimmed text. */
  search: (q: string) => [...communityKeys.searches(), q] as const,
  details: () => [...communityKeys.all, 'detail'] as const,
  /** `GET /communities/:id`. */
  detail: (communityId: string) => [...communityKeys.details(), communityId] as const,
};
