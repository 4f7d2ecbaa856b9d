import type { Post } from '@otakura/shared';
import clsx from 'clsx';
import { Heart, MessageCircle, Play, SquarePen } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCompact } from '@/lib/format';
import { useUserPostsQuery } from '../api/get-user-posts';
import { apiErrorText } from '../utils/api-errors';
import './user-posts-grid.css';

export interface UserPostsGridProps {
  userId: string;
  username: string;
  own?: boolean;
}

/** The profile's posts as square tiles, newest first; more load as the end comes into view. */
export function UserPostsGrid({ userId, username, own }: UserPostsGridProps) {
  const { t } = useTranslation('users');
  const query = useUserPostsQuery(userId);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) {
    return (
      <div className="user-posts" role="status">
        <span className="visually-hidden">{t('profile.loading')}</span>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="user-posts__tile user-posts__tile--skeleton" />
        ))}
      </div>
    );
  }

  if (query.isError) {
    return (
      <div className="user-posts__error" role="alert">
        <p>{t('posts.error')}</p>
        <p className="user-posts__error-detail">{apiErrorText(t, query.error)}</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          {t('posts.retry')}
        </Button>
      </div>
    );
  }

  const posts = query.data.pages.flatMap((p) => p.items);
  if (posts.length === 0) {
    return own ? (
      <EmptyState
        icon={<SquarePen />}
        title={t('posts.emptyOwn')}
        description={t('posts.emptyOwnDescription')}
        action={
          <Button asChild>
            <Link to="/create-post">{t('posts.createPost')}</Link>
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={<SquarePen />}
        title={t('posts.empty')}
        description={t('posts.emptyDescription', { username })}
      />
    );
  }

  return (
    <>
      <ul className="user-posts">
        {posts.map((post) => (
          <li key={post.id}>
            <PostTile post={post} />
          </li>
        ))}
      </ul>
      {hasNextPage ? (
        <div ref={sentinel} className="user-posts__more">
          <Button
            variant="secondary"
            loading={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {t('posts.loadMore')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

function tileImage(post: Post): { url: string; placeholder: string | null } | null {
  const first = post.images[0];
  if (first) return { url: first.url, placeholder: first.placeholder };
  if (post.video?.thumbnailUrl) return { url: post.video.thumbnailUrl, placeholder: null };
  if (post.link?.imageUrl) return { url: post.link.imageUrl, placeholder: null };
  return null;
}

function PostTile({ post }: { post: Post }) {
  const { t } = useTranslation('users');
  const image = tileImage(post);
  const hidden = post.nsfw || post.spoiler;
  const flag = post.nsfw ? t('posts.nsfw') : post.spoiler ? t('posts.spoiler') : null;

  return (
    <Link
      to={`/post/${post.id}`}
      className={clsx('user-posts__tile', !image && 'user-posts__tile--text')}
      style={image?.placeholder ? { backgroundColor: image.placeholder } : undefined}
    >
      {image ? (
        <img
          src={image.url}
          alt=""
          loading="lazy"
          decoding="async"
          className={clsx('user-posts__img', hidden && 'user-posts__img--hidden')}
        />
      ) : null}
      {post.type === 2 ? <Play className="user-posts__play" aria-hidden="true" /> : null}
      {flag ? <span className="user-posts__flag">{flag}</span> : null}
      <span className="user-posts__caption">
        <span className="user-posts__title">{post.title}</span>
        <span className="user-posts__meta">
          <span className="user-posts__community">{post.community.name}</span>
          <span className="user-posts__counts">
            <span aria-label={t('posts.likes', { count: post.likeCount })}>
              <Heart aria-hidden="true" />
              {formatCompact(post.likeCount)}
            </span>
            <span aria-label={t('posts.comments', { count: post.commentCount })}>
              <MessageCircle aria-hidden="true" />
              {formatCompact(post.commentCount)}
            </span>
          </span>
        </span>
      </span>
    </Link>
  );
}
