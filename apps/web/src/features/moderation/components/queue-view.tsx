import {
  REPORT_REVIEW_HOURS,
  REPORT_TARGET_TYPES,
  ReportTargetTypeSchema,
  type ReportTargetType,
} from '@otakura/shared';
import { Inbox, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useQueueQuery } from '../api/get-queue';
import { useQueueCountQuery } from '../api/get-queue-count';
import { CaseCard } from './case-card';
import './moderation.css';

type Status = 'open' | 'closed';

/** Open/closed and the type come from the address (`?status=closed&type=post`), so links keep them. */
function useQueueFilter() {
  const [params, setParams] = useSearchParams();
  const status: Status = params.get('status') === 'closed' ? 'closed' : 'open';
  const parsedType = ReportTargetTypeSchema.safeParse(params.get('type'));
  const type: ReportTargetType | undefined = parsedType.success ? parsedType.data : undefined;
  const set = (next: { status?: Status; type?: ReportTargetType | null }) => {
    const p = new URLSearchParams(params);
    const s = next.status ?? status;
    const ty = next.type === undefined ? type : next.type;
    if (s === 'closed') p.set('status', 'closed');
    else p.delete('status');
    if (ty) p.set('type', ty);
    else p.delete('type');
    setParams(p, { replace: true });
  };
  return { status, type, set };
}

/**
 * /moderation: the one queue. Open cases oldest first (the most urgent on top), closed ones
 * newest first; a type filter; a page at a time.
 */
export function QueueView({ viewerId }: { viewerId: string | null }) {
  const { t } = useTranslation('moderation');
  const { status, type, set } = useQueueFilter();
  const typeName = useId();
  const count = useQueueCountQuery();

  return (
    <div className="mod-queue">
      <Tabs
        value={status}
        onValueChange={(v) => set({ status: v === 'closed' ? 'closed' : 'open' })}
      >
        <div className="mod-toolbar">
          <TabsList aria-label={t('queue.status')}>
            <TabsTrigger value="open">
              {t('queue.open')}
              {count.data && count.data.open > 0 ? (
                <span className="mod-tab-count">{count.data.open}</span>
              ) : null}
            </TabsTrigger>
            <TabsTrigger value="closed">{t('queue.closed')}</TabsTrigger>
          </TabsList>
          <fieldset className="mod-filter">
            <legend className="visually-hidden">{t('queue.type')}</legend>
            <div className="mod-chips">
              {(['all', ...REPORT_TARGET_TYPES] as const).map((value) => (
                <label key={value} className="mod-chip mod-chip--choice">
                  <input
                    type="radio"
                    name={typeName}
                    value={value}
                    checked={(type ?? 'all') === value}
                    onChange={() => set({ type: value === 'all' ? null : value })}
                  />
                  <span>{t(`queue.types.${value}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        {status === 'open' && count.data && count.data.overdue > 0 ? (
          <p className="mod-overdue-note">
            <TriangleAlert aria-hidden="true" />
            {t('queue.countSummary', { count: count.data.open, overdue: count.data.overdue })}
          </p>
        ) : null}
        {(['open', 'closed'] as const).map((value) => (
          // Both panels stay in the document (hidden when inactive) so each tab's aria-controls
          // names a real element; only the active one loads its list.
          <TabsContent key={value} value={value} forceMount hidden={status !== value}>
            {status === value ? <QueueList status={value} type={type} viewerId={viewerId} /> : null}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function QueueList({
  status,
  type,
  viewerId,
}: {
  status: Status;
  type: ReportTargetType | undefined;
  viewerId: string | null;
}) {
  const { t } = useTranslation('moderation');
  const query = useQueueQuery({ status, type });

  if (query.isPending) return <CaseSkeletons />;
  if (query.isError && !query.data) {
    return (
      <EmptyState
        title={t('queue.loadError')}
        action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  const cases = query.data.pages.flatMap((p) => p.items);
  if (cases.length === 0) {
    return (
      <EmptyState
        icon={<Inbox />}
        title={status === 'open' ? t('queue.emptyOpen') : t('queue.emptyClosed')}
        description={
          status === 'open'
            ? t('queue.emptyOpenHint', { hours: REPORT_REVIEW_HOURS })
            : t('queue.emptyClosedHint')
        }
      />
    );
  }
  return (
    <section aria-label={t('queue.list')}>
      <ul className="mod-list">
        {cases.map((c) => (
          <li key={`${c.targetType}:${c.targetId}`}>
            <CaseCard modCase={c} viewerId={viewerId} />
          </li>
        ))}
      </ul>
      <LoadMore query={query} />
    </section>
  );
}

export interface LoadMoreQuery {
  hasNextPage: boolean;
  isFetchNextPageError: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** "Load more" under a keyset list; "Try again" when the last page failed. */
export function LoadMore({ query }: { query: LoadMoreQuery }) {
  const { t } = useTranslation('moderation');
  if (!query.hasNextPage && !query.isFetchNextPageError) return null;
  return (
    <div className="mod-more">
      <Button
        variant="secondary"
        loading={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {query.isFetchNextPageError ? t('retry') : t('loadMore')}
      </Button>
    </div>
  );
}

export function CaseSkeletons({ count = 3 }: { count?: number }) {
  const { t } = useTranslation('moderation');
  return (
    <div role="status" aria-busy="true">
      <span className="visually-hidden">{t('loading')}</span>
      <ul className="mod-list" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="mod-case mod-case--skeleton">
            <Skeleton shape="text" width="35%" />
            <div className="mod-case__content">
              <Skeleton width={72} height={72} />
              <div className="mod-case__text">
                <Skeleton shape="text" width="90%" />
                <Skeleton shape="text" width="70%" />
              </div>
            </div>
            <Skeleton shape="text" width="50%" />
            <Skeleton shape="text" width="40%" />
          </li>
        ))}
      </ul>
    </div>
  );
}
