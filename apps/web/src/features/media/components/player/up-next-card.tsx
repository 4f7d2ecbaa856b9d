import type { EpisodeDetail } from '@otakura/shared';
import clsx from 'clsx';
import { MessagesSquare, Play } from 'lucide-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useReducedMotion } from '@/lib/motion';
import { useBlurUnwatchedThumbnails } from '../../hooks/use-blur-unwatched';
import { useEpisodeLabel } from './episode-label';

export interface UpNextCardProps {
  next: NonNullable<EpisodeDetail['next']>;
  /** Seconds left before it plays, or null when autoplay is off. */
  remaining: number | null;
  /** The countdown's full length, or null when autoplay is off. */
  total: number | null;
  /** The countdown is running (paused with the video before the end). */
  running: boolean;
  onPlay: () => void;
  onCancel: () => void;
  /** "Discuss ep 5 (42)": opens the comments about the episode that is ending. */
  discuss?: { label: string; onOpen: () => void };
}

/**
 * Near the end: the next episode with its thumbnail and a countdown, Play now and Cancel. The
 * countdown's bar is an animation and is left out under reduced motion (the seconds still count).
 */
export function UpNextCard({
  next,
  remaining,
  total,
  running,
  onPlay,
  onCancel,
  discuss,
}: UpNextCardProps) {
  const { t } = useTranslation('player');
  const label = useEpisodeLabel();
  const reducedMotion = useReducedMotion();
  const blurUnwatched = useBlurUnwatchedThumbnails();
  return (
    <section className="episode-player__up-next" aria-label={t('upNext')}>
      {next.thumbnailUrl ? (
        <img
          className={clsx(
            'episode-player__up-next-thumb',
            // The viewer's spoiler setting (issue 12): the next episode is not watched yet.
            blurUnwatched && 'episode-player__up-next-thumb--blurred',
          )}
          src={next.thumbnailUrl}
          alt=""
        />
      ) : (
        <span className="episode-player__up-next-thumb" aria-hidden="true" />
      )}
      <div className="episode-player__up-next-text">
        <span className="episode-player__up-next-kicker">{t('upNext')}</span>
        <span className="episode-player__up-next-title">{label(next)}</span>
        {total !== null && remaining !== null ? (
          <>
            {/* Said once when the card appears, not every second. */}
            <span className="visually-hidden" aria-live="polite">
              {t('upNextIn', { count: total })}
            </span>
            <span className="episode-player__up-next-count tabular-nums" aria-hidden="true">
              {t('upNextIn', { count: remaining })}
            </span>
            {reducedMotion ? null : (
              <span className="episode-player__up-next-track" aria-hidden="true">
                <span
                  className="episode-player__up-next-bar"
                  style={
                    {
                      '--countdown': `${total}s`,
                      animationPlayState: running ? 'running' : 'paused',
                    } as CSSProperties
                  }
                />
              </span>
            )}
          </>
        ) : null}
      </div>
      <div className="episode-player__up-next-actions">
        {discuss ? (
          <Button
            size="sm"
            variant="ghost"
            className="episode-player__up-next-discuss"
            onClick={() => {
              onCancel();
              discuss.onOpen();
            }}
          >
            <MessagesSquare aria-hidden="true" className="episode-player__button-icon" />
            {discuss.label}
          </Button>
        ) : null}
        <Button size="sm" onClick={onPlay}>
          <Play aria-hidden="true" className="episode-player__button-icon" />
          {t('playNow')}
        </Button>
        <Button size="sm" variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </section>
  );
}
