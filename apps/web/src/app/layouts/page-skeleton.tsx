import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';

/** While a page's code loads: its rough shape, and 'Loading...' for screen readers. */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="page-skeleton" role="status">
      <span className="visually-hidden">{t('loading')}</span>
      <Skeleton width="40%" height={28} />
      <div className="page-skeleton__grid">
        <Skeleton height={220} style={{ borderRadius: 'var(--radius-card)' }} />
        <Skeleton height={220} style={{ borderRadius: 'var(--radius-card)' }} />
        <Skeleton height={220} style={{ borderRadius: 'var(--radius-card)' }} />
      </div>
    </div>
  );
}
