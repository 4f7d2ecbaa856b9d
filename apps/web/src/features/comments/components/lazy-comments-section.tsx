import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import type { CommentsSectionProps } from './comments-section';
import './lazy-comments-section.css';

const CommentsSection = lazy(() =>
  import('./comments-section').then((m) => ({ default: m.CommentsSection })),
);

/**
 * The comments section loaded on first use: lists of posts (the feed, a community, a profile)
 * show comments only inside the post modal, so the section, its composer and its forms stay
 * out of those pages' first load (docs/web.md, first-load budgets). While the chunk arrives,
 * the heading and three placeholder rows hold the section's place.
 */
export function LazyCommentsSection(props: CommentsSectionProps) {
  return (
    <Suspense fallback={<CommentsSectionFallback headingLevel={props.headingLevel ?? 2} />}>
      <CommentsSection {...props} />
    </Suspense>
  );
}

function CommentsSectionFallback({ headingLevel }: { headingLevel: 2 | 3 }) {
  const { t } = useTranslation('comments');
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section className="comments-fallback" aria-busy="true">
      <Heading className="comments-fallback__title">{t('title')}</Heading>
      <span className="visually-hidden">{t('loading')}</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="comments-fallback__row">
          <Skeleton shape="circle" width={40} height={40} />
          <div className="comments-fallback__lines">
            <Skeleton shape="text" width="30%" />
            <Skeleton shape="text" width={i === 1 ? '90%' : '70%'} />
          </div>
        </div>
      ))}
    </section>
  );
}
