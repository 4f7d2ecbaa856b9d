import type {
  AuditQuery,
  ModerationQueueQuery,
  ModerationUsersQuery,
  ReportTargetType,
} from '@otakura/shared';

export type QueueFilter = Pick<ModerationQueueQuery, 'status' | 'type'>;
export type PeopleFilter = Pick<ModerationUsersQuery, 'q' | 'filter'>;
export type AuditFilter = Omit<AuditQuery, 'cursor' | 'limit'>;

/** One key factory for the moderation area; `all` invalidates everything after an action. */
export const moderationKeys = {
  all: ['moderation'] as const,
  queues: () => [...moderationKeys.all, 'queue'] as const,
  queue: (filter: QueueFilter) => [...moderationKeys.queues(), filter] as const,
  count: () => [...moderationKeys.all, 'count'] as const,
  case: (targetType: ReportTargetType, targetId: string) =>
    [...moderationKeys.all, 'case', targetType, targetId] as const,
  peopleLists: () => [...moderationKeys.all, 'people'] as const,
  people: (filter: PeopleFilter) => [...moderationKeys.peopleLists(), filter] as const,
  audits: () => [...moderationKeys.all, 'audit'] as const,
  audit: (filter: AuditFilter) => [...moderationKeys.audits(), filter] as const,
};
