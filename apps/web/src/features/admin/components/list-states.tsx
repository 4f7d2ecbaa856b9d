import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorText } from '@/lib/api-error-text';
import './admin-lists.css';

/** Rows shaped like the list's rows while the first page loads; says 'Loading...' to screen readers. */
export function ListSkeleton({ rows = 6 }: { rows?: number }) {
  const { t } = useTranslation('admin');
  return (
    <div role="status" className="admin-list" aria-live="polite">
      <span className="visually-hidden">{t('common.loading')}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="admin-row admin-row--skeleton" aria-hidden="true">
          <Skeleton className="admin-row__thumb" />
          <div className="admin-row__main">
            <Skeleton shape="text" width="40%" />
            <Skeleton shape="text" width="24%" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The first page failed: what went wrong and Try again. */
export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-list-error" role="alert">
      <CircleAlert aria-hidden="true" className="admin-list-error__icon" />
      <div className="admin-list-error__text">
        <p className="admin-list-error__title">{t('common.loadError')}</p>
        <p className="admin-list-error__detail">{apiErrorText(t, error)}</p>
      </div>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/** Keyset pages: "Load more" while the server says there are more (and the failure of the last try). */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  error,
  onLoadMore,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  error?: ReactNode;
  onLoadMore: () => void;
}) {
  const { t } = useTranslation('admin');
  if (!hasNextPage) return null;
  return (
    <div className="admin-load-more">
      {error ? (
        <p className="admin-load-more__error" role="alert">
          {error}
        </p>
      ) : null}
      <Button variant="secondary" loading={isFetchingNextPage} onClick={onLoadMore}>
        {error ? t('common.retry') : t('common.loadMore')}
      </Button>
    </div>
  );
}
