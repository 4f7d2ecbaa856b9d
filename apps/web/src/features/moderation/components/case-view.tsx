import { ReportTargetTypeSchema } from '@otakura/shared';
import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { isApiError } from '@/lib/api-client';
import { useCaseQuery } from '../api/get-case';
import { CaseCard } from './case-card';
import { CaseSkeletons } from './queue-view';
import './moderation.css';

export interface CaseViewProps {
  targetType: string | undefined;
  targetId: string | undefined;
  viewerId: string | null;
}

/** /moderation/case/:targetType/:targetId: one case in full, for deep links and phones. */
export function CaseView({ targetType, targetId, viewerId }: CaseViewProps) {
  const parsed = ReportTargetTypeSchema.safeParse(targetType);
  if (!parsed.success || !targetId) return <CaseNotFound />;
  return <CaseLoader targetType={parsed.data} targetId={targetId} viewerId={viewerId} />;
}

function CaseLoader({
  targetType,
  targetId,
  viewerId,
}: {
  targetType: ReturnType<typeof ReportTargetTypeSchema.parse>;
  targetId: string;
  viewerId: string | null;
}) {
  const { t } = useTranslation('moderation');
  const query = useCaseQuery(targetType, targetId);
  if (query.isPending) return <CaseSkeletons count={1} />;
  if (query.isError) {
    if (isApiError(query.error) && (query.error.status === 404 || query.error.status === 400)) {
      return <CaseNotFound />;
    }
    return (
      <EmptyState
        title={t('queue.loadError')}
        action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  return <CaseCard modCase={query.data} viewerId={viewerId} variant="full" />;
}

function CaseNotFound() {
  const { t } = useTranslation('moderation');
  return (
    <EmptyState
      icon={<SearchX />}
      title={t('case.notFound')}
      description={t('case.notFoundHint')}
      action={
        <Button asChild variant="secondary">
          <Link to="/moderation">{t('case.backToQueue')}</Link>
        </Button>
      }
    />
  );
}
