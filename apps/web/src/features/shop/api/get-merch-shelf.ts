import { MerchShelfSchema, type MerchShelf } from '@otakura/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shopKeys, type MerchShelfOf } from './shop-keys';

/** Shelves change when stock or the catalog does: a minute is fresh enough for a page visit. */
export const MERCH_SHELF_STALE_MS = 60_000;

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
