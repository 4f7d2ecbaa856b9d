import type { Post } from '@otakura/shared';
import clsx from 'clsx';
import { Heart } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCompact } from '@/lib/format';
import { formatNumber } from '@/lib/i18n';
import { useLikePostMutation } from '../api/like-post';
import './post-actions.css';

export interface LikeButtonProps {
  post: Pick<Post, 'id' | 'likedByMe' | 'likeCount'>;
  size?: 'sm' | 'md';
}

/** Like toggle (spec §4): optimistic, pops when liked, aria-pressed; the count is compact and tabular. */
export function LikeButton({ post, size = 'sm' }: LikeButtonProps) {
  const { t } = useTranslation('posts');
  const like = useLikePostMutation();
  // Bumped on each like so the pop animation replays.
  const [pops, setPops] = useState(0);

  const toggle = () => {
    const liked = !post.likedByMe;
    if (liked) setPops((n) => n + 1);
    like.mutate({ postId: post.id, liked });
  };

  return (
    <span className={clsx('post-action', `post-action--${size}`)}>
      <button
        type="button"
        className={clsx('post-action__button', 'post-like', post.likedByMe && 'post-like--on')}
        aria-pressed={post.likedByMe}
        aria-label={t('like.label')}
        onClick={toggle}
      >
        <Heart
          key={pops}
          className={clsx('post-like__icon', pops > 0 && post.likedByMe && 'post-like__icon--pop')}
          aria-hidden="true"
          fill={post.likedByMe ? 'currentColor' : 'none'}
        />
      </button>
      <span className="post-action__count tabular-nums" aria-hidden="true">
        {formatCompact(post.likeCount)}
      </span>
      <span className="visually-hidden">
        {t('like.count', { count: post.likeCount, formatted: formatNumber(post.likeCount) })}
      </span>
    </span>
  );
}
