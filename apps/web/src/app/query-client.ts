import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

/** Named stale times: how long a query's data counts as fresh. */
export const STALE_TIME = {
  default: 30_000,
  /** Lists that rarely change within a visit (communities, media list, legal). */
  slow: 5 * 60_000,
} as const;

export interface QueryClientHooks {
  /**
   * A query answered 401: the session is gone. Mutations are left to their screen, where a 401 may
   * mean "wrong password" for a sensitive action rather than "signed out".
   */
  onUnauthorized?: () => void;
}

function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * TanStack Query with the app's defaults. No retry here: the API client already retries idempotent
 * GETs on 5xx/408/429 with backoff (2 minutes), and never retries mutations.
 */
export function createQueryClient(hooks: QueryClientHooks = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorized(error)) hooks.onUnauthorized?.();
      },
    }),
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: STALE_TIME.default,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}
