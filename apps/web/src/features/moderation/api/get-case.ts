import { ModerationCaseSchema, type ModerationCase, type ReportTargetType } from '@otakura/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { moderationKeys } from './moderation-keys';

/** `GET /moderation/cases/:targetType/:targetId`: one case with its 20 newest reports. */
export function getCase(
  targetType: ReportTargetType,
  targetId: string,
  signal?: AbortSignal,
): Promise<ModerationCase> {
  return api.get(
    `/moderation/cases/${encodeURIComponent(targetType)}/${encodeURIComponent(targetId)}`,
    { schema: ModerationCaseSchema, signal },
  );
}

export function caseQueryOptions(targetType: ReportTargetType, targetId: string) {
  return queryOptions({
    queryKey: moderationKeys.case(targetType, targetId),
    queryFn: ({ signal }) => getCase(targetType, targetId, signal),
  });
}

export function useCaseQuery(targetType: ReportTargetType, targetId: string) {
  return useQuery(caseQueryOptions(targetType, targetId));
}
