import type { Post } from '@otakura/shared';
import { CircleAlert, FileQuestion, RotateCw } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useDocumentTitle } from '@/components/page/page';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { usePostQuery } from '../api/get-post';
import { PostDetail } from './post-detail';
import './post-view.css';
import './posts-shared.css';

export interface PostViewProps {
  postId: string;
  /** The comments panel for the post (composed by the app). */
  renderComments?: (post: Post) => ReactNode;
  viewerId?: string | null;
  /** The post is on screen (the app may subscribe to its live topic). */
  onPostShown?: (postId: string) => void;
}

/** /post/{postid}: the post as a page, the same content as the modal; a not-found state. */
export function PostView({ postId, renderComments, viewerId, onPostShown }: PostViewProps) {
  const { t } = useTranslation('posts');
  const navigate = useNavigate();
  const query = usePostQuery(postId);
  const post = query.data;
  useDocumentTitle(post ? post.title : t('page.title'));

  useEffect(() => {
    if (post) onPostShown?.(post.id);
  }, [post, onPostShown]);

  if (post) {
    return (
      <article className="post-view" aria-labelledby="post-view-title">
        <PostDetail
          post={post}
          variant="page"
          titleAs="h1"
          titleId="post-view-title"
          comments={renderComments?.(post)}
          viewerId={viewerId}
          onDeleted={() => void navigate('/feed', { replace: true })}
        />
      </article>
    );
  }

  if (query.isPending) {
    return (
      <div className="post-view post-view--loading" role="status" aria-live="polite">
        <span className="visually-hidden">{t('stream.loading')}</span>
        <div className="post-view__skeleton" aria-hidden="true">
          <div className="post-view__skeleton-header">
            <Skeleton shape="circle" width={40} height={40} />
            <div style={{ flex: 1, display: 'grid', gap: 6 }}>
              <Skeleton shape="text" width="30%" />
              <Skeleton shape="text" width="20%" height={10} />
            </div>
          </div>
          <Skeleton shape="text" width="70%" height={28} />
          <Skeleton shape="rect" style={{ aspectRatio: '16 / 9', borderRadius: 14 }} />
          <Skeleton shape="text" width="40%" />
        </div>
      </div>
    );
  }

  if (isApiError(query.error) && query.error.status === 404) {
    return (
      <div className="post-view">
        <h1 className="visually-hidden">{t('page.title')}</h1>
        <EmptyState
          icon={<FileQuestion />}
          title={t('page.notFound.title')}
          description={t('page.notFound.description')}
          action={
            <Button asChild>
              <Link to="/feed">{t('page.notFound.back')}</Link>
            </Button>
          }
        />
      </div>
    );
  }

  return (
    <div className="post-view">
      <h1 className="visually-hidden">{t('page.title')}</h1>
      <EmptyState
        icon={<CircleAlert />}
        title={t('page.error')}
        description={query.error?.message}
        action={
          <Button
            variant="secondary"
            className="posts-icon-label"
            onClick={() => void query.refetch()}
          >
            <RotateCw aria-hidden="true" size={16} />
            {t('stream.retry')}
          </Button>
        }
      />
    </div>
  );
}
