import type { EpisodeDetail } from '@otakura/shared';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorText } from '@/lib/api-error-text';
import { isApiError } from '@/lib/api-client';
import { useEpisodeQuery } from '../../api/get-episode';
import { useEpisodeLabel } from './episode-label';
import { PlayerBody } from './player-body';
import '@/components/ui/modal.css';
import './episode-player.css';

/**
 * The episode player overlay (spec §4: Escape or a click on the overlay closes it).
 * Interface fixed for the media landing and /episodes; the player work fills it in.
 */
export interface EpisodePlayerProps {
  episodeId: string;
  /** The overlay was closed (Escape, overlay click, close button). */
  onClose: () => void;
  /** The user moved to another episode (next/previous, up-next): the address follows. */
  onEpisodeChange: (episodeId: string) => void;
}

/**
 * A Radix dialog (focus trapped, and returned where it was on close) holding the player: a centred
 * 16:9 stage over a dimmed backdrop on wide screens, a full-height sheet on phones. Escape closes it
 * (not while full screen, where Escape leaves full screen), and so does a click on the backdrop.
 * Each episode gets its own player (keyed), so moving to the next one closes the previous
 * episode's playback session and opens a new one.
 */
export function EpisodePlayer({ episodeId, onClose, onEpisodeChange }: EpisodePlayerProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="ui-modal-overlay episode-player-overlay" />
        <Dialog.Content
          ref={contentRef}
          className="episode-player"
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            // The dialog itself takes focus: the keyboard shortcuts work at once, no ring shows.
            event.preventDefault();
            contentRef.current?.focus();
          }}
          onEscapeKeyDown={(event) => {
            if (document.fullscreenElement) event.preventDefault();
          }}
        >
          <EpisodeView key={episodeId} episodeId={episodeId} onEpisodeChange={onEpisodeChange} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function EpisodeView({
  episodeId,
  onEpisodeChange,
}: {
  episodeId: string;
  onEpisodeChange: (episodeId: string) => void;
}) {
  // The moments' strings load with the player's, so its panel never suspends the video.
  const { t } = useTranslation(['player', 'moments']);
  const query = useEpisodeQuery(episodeId);

  if (query.isPending) {
    return (
      <>
        <PlayerHeader>
          <Dialog.Title className="visually-hidden">{t('title')}</Dialog.Title>
          <span className="episode-player__heading" aria-hidden="true">
            <Skeleton shape="text" width="9em" />
            <Skeleton shape="text" width="14em" />
          </span>
        </PlayerHeader>
        <div className="episode-player__main">
          <div className="episode-player__stage episode-player__stage--loading" data-theme="dark">
            <Skeleton className="episode-player__skeleton" />
            <span role="status" className="visually-hidden">
              {t('common:loading')}
            </span>
          </div>
        </div>
      </>
    );
  }

  if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <>
        <PlayerHeader>
          <Dialog.Title className="episode-player__heading">{t('title')}</Dialog.Title>
        </PlayerHeader>
        <div className="episode-player__main">
          <div className="episode-player__stage" data-theme="dark">
            <div className="episode-player__message" role="alert">
              <p>{notFound ? t('notFound') : apiErrorText(t, query.error)}</p>
              {notFound ? null : (
                <Button variant="secondary" onClick={() => void query.refetch()}>
                  {t('retry')}
                </Button>
              )}
            </div>
          </div>
        </div>
      </>
    );
  }

  return (
    <PlayerBody
      episode={query.data}
      onEpisodeChange={onEpisodeChange}
      header={
        <PlayerHeader>
          <EpisodeHeading episode={query.data} />
        </PlayerHeader>
      }
    />
  );
}

function EpisodeHeading({ episode }: { episode: EpisodeDetail }) {
  const label = useEpisodeLabel();
  return (
    <Dialog.Title className="episode-player__heading">
      <span className="episode-player__series">{episode.media.title}</span>
      <span className="visually-hidden">, </span>
      <span className="episode-player__episode">{label(episode)}</span>
    </Dialog.Title>
  );
}

function PlayerHeader({ children }: { children: ReactNode }) {
  const { t } = useTranslation('player');
  return (
    <div className="episode-player__header">
      {children}
      <Dialog.Close asChild>
        <IconButton aria-label={t('close')} title={t('close')} className="episode-player__close">
          <X aria-hidden="true" />
        </IconButton>
      </Dialog.Close>
    </div>
  );
}
