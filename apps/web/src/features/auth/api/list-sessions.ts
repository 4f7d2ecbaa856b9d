import { SessionListItemSchema } from '@otakura/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { authKeys } from './auth-keys';

const SessionListSchema = z.array(SessionListItemSchema);

/** GET /api/auth/list-sessions: every signed-in session of the account. */
export function listSessions(signal?: AbortSignal) {
  return api.get('/auth/list-sessions', { schema: SessionListSchema, signal });
}

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.sessions(),
    queryFn: ({ signal }) => listSessions(signal),
  });

export function useSessionsQuery() {
  return useQuery(sessionsQueryOptions());
}
