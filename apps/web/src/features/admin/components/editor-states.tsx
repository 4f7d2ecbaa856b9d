import type { ErrorCode } from '@otakura/shared';
import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { ListError } from './list-states';

/** Shaped like an editor's form while its record loads; says 'Loading...' to screen readers. */
export function EditorSkeleton() {
  const { t } = useTranslation('admin');
  return (
    <div role="status" className="admin-editor" aria-live="polite">
      <span className="visually-hidden">{t('common.loading')}</span>
      <Skeleton shape="text" width="30%" />
      <Skeleton height={40} />
      <Skeleton shape="text" width="30%" />
      <Skeleton height={120} />
      <Skeleton height={220} />
    </div>
  );
}

/**
 * An editor's record did not load: "not found" with a way back for the record's 404 code,
 * anything else as the list error with Try again.
 */
export function EditorLoadFailure({
  error,
  notFoundCode,
  notFound,
  back,
  onRetry,
}: {
  error: unknown;
  notFoundCode: ErrorCode;
  notFound: { title: string; description: string };
  back: { to: string; label: string };
  onRetry: () => void;
}) {
  if (!isApiError(error, notFoundCode)) return <ListError error={error} onRetry={onRetry} />;
  return (
    <EmptyState
      icon={<SearchX />}
      title={notFound.title}
      description={notFound.description}
      action={
        <Button asChild variant="secondary">
          <Link to={back.to}>{back.label}</Link>
        </Button>
      }
    />
  );
}
