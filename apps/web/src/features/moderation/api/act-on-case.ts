import {
  ModerationCaseSchema,
  type CaseActionInput,
  type ModerationCase,
  type ModerationCasePage,
  type ReportTargetType,
} from '@otakura/shared';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { moderationKeys, type QueueFilter } from './moderation-keys';

export interface ActOnCaseVariables {
  targetType: ReportTargetType;
  targetId: string;
  input: CaseActionInput;
}

/** `POST /moderation/cases/:targetType/:targetId/actions`: acts and closes the case. */
export function actOnCase({ targetType, targetId, input }: ActOnCaseVariables) {
  return api.post(
    `/moderation/cases/${encodeURIComponent(targetType)}/${encodeURIComponent(targetId)}/actions`,
    { body: input, schema: ModerationCaseSchema },
  );
}

/**
 * Acts on a case. The closed case leaves every Open list at once (no refetch needed for that),
 * the case page shows the closed case, and the lists, badge and audit log refetch.
 */
export function useActOnCaseMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnCase,
    onSuccess: (closed: ModerationCase) => {
      queryClient.setQueryData(moderationKeys.case(closed.targetType, closed.targetId), closed);
      queryClient.setQueriesData<InfiniteData<ModerationCasePage>>(
        {
          queryKey: moderationKeys.queues(),
          predicate: (q) => (q.queryKey[2] as QueueFilter | undefined)?.status === 'open',
        },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.filter(
                (c) => !(c.targetType === closed.targetType && c.targetId === closed.targetId),
              ),
            })),
          },
      );
      void queryClient.invalidateQueries({
        queryKey: moderationKeys.all,
        predicate: (q) => q.queryKey[1] !== 'case',
      });
    },
  });
}
