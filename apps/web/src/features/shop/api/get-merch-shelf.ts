import { MerchShelfSchema, type MerchShelf } from '@otakura/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shopKeys, type MerchShelfOf } from './shop-keys';

/**
 * Long enough that the page's prefetch and the shelf's own query make one request, short enough
 * that coming back after a purchase shows the volume owned (cached cards show while it refreshes).
 */
export const MERCH_SHELF_STALE_MS = 5_000;

export function merchShelfPath(of: MerchShelfOf): string {
  return 'media' in of
    ? `/media/${encodeURIComponent(of.media)}/merch`
    : `/communities/${encodeURIComponent(of.community)}/merch`;
}

/**
 * `GET /media/:id/merch` (the series' items) or `GET /communities/:id/merch` (items tagged with
 * the community and those of its series): listed items, in stock first, volumes by number.
 */
export function getMerchShelf(of: MerchShelfOf, signal?: AbortSignal): Promise<MerchShelf> {
  return api.get(merchShelfPath(of), { schema: MerchShelfSchema, signal });
}

export function merchShelfQueryOptions(of: MerchShelfOf) {
  return queryOptions({
    queryKey: shopKeys.shelf(of),
    queryFn: ({ signal }) => getMerchShelf(of, signal),
    staleTime: MERCH_SHELF_STALE_MS,
  });
}

export function useMerchShelfQuery(of: MerchShelfOf) {
  return useQuery(merchShelfQueryOptions(of));
}
