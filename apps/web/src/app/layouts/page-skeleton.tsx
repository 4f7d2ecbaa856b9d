import { Skeleton } from '@/components/ui/skeleton';

/** While a page's code loads: its rough shape, and 'Loading...' for screen readers. */
export function PageSkeleton() {
  return (
    <div className="page-skeleton" role="status">
      <span className="visually-hidden">Loading...</span>
      <Skeleton width="40%" height={28} />
      <div className="page-skeleton__grid">
        <Skeleton height={220} style={{ borderRadius: 'var(--radius-card)' }} />
        <Skeleton height={220} style={{ borderRadius: 'var(--radius-card)' }} />
        <Skeleton height={220} style={{ borderRadius: 'var(--radius-card)' }} />
      </div>
    </div>
  );
}
