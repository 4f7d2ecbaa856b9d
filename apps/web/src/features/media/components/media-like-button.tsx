import type { Media } from '@otakura/shared';
import clsx from 'clsx';
import { Heart } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCompact } from '@/lib/format';
import { formatNumber } from '@/lib/i18n';
import './media-shared.css';
import { useLikeMediaMutation } from '../api/like-media';

/** Like toggle of a media entry (spec §4): optimistic, pops when liked, aria-pressed, compact count. */
export function MediaLikeButton({
  media,
}: {
  media: Pick<Media, 'id' | 'likedByMe' | 'likeCount'>;
}) {
  const { t } = useTranslation('media');
  const like = useLikeMediaMutation();
  // Bumped on each like so the pop animation replays.
  const [pops, setPops] = useState(0);

  const toggle = () => {
    const liked = !media.likedByMe;
    if (liked) setPops((n) => n + 1);
    like.mutate({ mediaId: media.id, liked });
  };

  return (
    <span className="media-action">
      <button
        type="button"
        className={clsx('media-action__button', 'media-like', media.likedByMe && 'media-like--on')}
        aria-pressed={media.likedByMe}
        // The name holds the visible count ('Like 8'), as the label-in-name rule asks.
        aria-label={`${t('like.label')} ${formatCompact(media.likeCount)}`}
        onClick={toggle}
      >
        <Heart
          key={pops}
          className={clsx(
            'media-like__icon',
            pops > 0 && media.likedByMe && 'media-like__icon--pop',
          )}
          aria-hidden="true"
          fill={media.likedByMe ? 'currentColor' : 'none'}
        />
        <span
          className="media-action__count tabular-nums"
          aria-hidden="true"
          data-testid="media-like-count"
        >
          {formatCompact(media.likeCount)}
        </span>
      </button>
      <span className="visually-hidden">
        {t('counts.likes', { count: media.likeCount, formatted: formatNumber(media.likeCount) })}
      </span>
    </span>
  );
}
