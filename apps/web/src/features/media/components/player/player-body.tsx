import type { EpisodeDetail, PlaybackSession } from '@otakura/shared';
import clsx from 'clsx';
import { Play, RotateCcw } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePlaybackHeartbeat } from '../../hooks/use-playback-heartbeat';
import { usePlayerFullscreen } from '../../hooks/use-player-fullscreen';
import { usePlayerMediaState } from '../../hooks/use-player-media-state';
import { usePlayerSettings } from '../../hooks/use-player-settings';
import { usePlayerUpNext } from '../../hooks/use-player-up-next';
import { useEpisodeMomentsQuery } from '../../api/get-moments';
import { DiscussModal, useMomentsLive } from '../moment-comments';
import { formatTime } from './format-time';
import { PlayerControls } from './player-controls';
import { playerActionForKey, type PlayerAction } from './player-shortcuts';
import { MomentMarkers } from './moment-markers';
import { MomentsPanel } from './moments-panel';
import { UpNextCard } from './up-next-card';

/** Controls hide after this long without pointer or keyboard activity while playing. */
const IDLE_MS = 3000;
/** The "Resumed at" chip goes away after this long. */
const RESUME_CHIP_MS = 8000;

export interface PlayerBodyProps {
  episode: EpisodeDetail;
  onEpisodeChange: (episodeId: string) => void;
  header: ReactNode;
}

/**
 * The loaded player: the video with its own controls, resume, heartbeats, keyboard, up-next.
 * Nothing waits for the server before playing: the video starts at once and jumps to the resume
 * position when the playback session answers (and the metadata is there).
 */
export function PlayerBody({ episode, onEpisodeChange, header }: PlayerBodyProps) {
  const { t } = useTranslation(['player', 'moments']);
  const videoRef = useRef<HTMLVideoElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  // The settings menu renders into the stage, so it shows in full screen too.
  const [stageElement, setStageElement] = useState<HTMLDivElement | null>(null);
  const media = usePlayerMediaState(videoRef);
  const { settings, setVolume, setMuted, setSpeed, setUpNext } = usePlayerSettings();
  const fullscreen = usePlayerFullscreen(stageRef, videoRef);
  const [autoMuted, setAutoMuted] = useState(false);
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const [idle, setIdle] = useState(false);
  const lastActivity = useRef(0);
  const sessionRef = useRef<PlaybackSession | null>(null);
  const resumeDone = useRef(false);
  const userSeeked = useRef(false);
  const pendingSeek = useRef<number | null>(null);
  const metadataSeen = useRef(false);
  const muted = settings.muted || autoMuted;
  const hasVideo = !!episode.videoUrl;
  // Comments pinned to a moment (docs/moments.md): markers, the list beside the video, Discuss.
  const moments = useEpisodeMomentsQuery(episode.mediaId, episode.id);
  useMomentsLive(episode.mediaId);
  const [discussOpen, setDiscussOpen] = useState(false);
  const openDiscuss = () => {
    videoRef.current?.pause();
    setDiscussOpen(true);
  };
  const discussLabel = moments.data
    ? t('moments:discussEpisode', { number: episode.number, count: moments.data.commentCount })
    : null;

  /** Plays; a browser that refuses sound without a gesture gets a muted start instead. */
  const play = (video: HTMLVideoElement) => {
    const started = video.play() as Promise<void> | undefined;
    started?.catch((error: unknown) => {
      if (error instanceof DOMException && error.name === 'NotAllowedError' && !video.muted) {
        video.muted = true;
        setAutoMuted(true);
        (video.play() as Promise<void> | undefined)?.catch(() => undefined);
      }
    });
  };

  /** Seeks to the session's resume position once both it and the metadata are there. */
  const tryResume = () => {
    const video = videoRef.current;
    const session = sessionRef.current;
    if (!video || !session || resumeDone.current) return;
    if (video.readyState < 1 && !metadataSeen.current) return;
    resumeDone.current = true;
    if (session.resumeAtSeconds > 0 && !userSeeked.current) {
      video.currentTime = session.resumeAtSeconds;
      setResumedAt(session.resumeAtSeconds);
    }
  };

  usePlaybackHeartbeat({
    videoRef,
    episodeId: episode.id,
    mediaId: episode.mediaId,
    enabled: hasVideo,
    onSession: (session) => {
      sessionRef.current = session;
      tryResume();
    },
  });

  // The remembered volume, mute and speed apply to the video.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.volume = settings.volume;
    video.muted = muted;
    video.defaultPlaybackRate = settings.speed;
    video.playbackRate = settings.speed;
  }, [settings.volume, settings.speed, muted]);

  const onMetadata = useEffectEvent(() => {
    const video = videoRef.current;
    if (!video) return;
    metadataSeen.current = true;
    // A reload (Retry) resets the speed to the default one, and starts over.
    video.playbackRate = settings.speed;
    if (pendingSeek.current !== null) {
      video.currentTime = pendingSeek.current;
      pendingSeek.current = null;
    }
    tryResume();
  });
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const listener = () => onMetadata();
    video.addEventListener('loadedmetadata', listener);
    return () => video.removeEventListener('loadedmetadata', listener);
  }, []);

  // Autoplay on open.
  const autoplay = useEffectEvent(() => {
    const video = videoRef.current;
    if (video && hasVideo) play(video);
  });
  useEffect(() => autoplay(), []);

  // Moving to another episode rebuilds the player, and the button pressed goes with it: keep
  // focus inside the dialog.
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) stageRef.current?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    if (resumedAt === null) return;
    const timer = setTimeout(() => setResumedAt(null), RESUME_CHIP_MS);
    return () => clearTimeout(timer);
  }, [resumedAt]);

  // Controls hide while playing and nobody moves; any activity shows them again.
  useEffect(() => {
    if (idle || media.paused) return;
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const quiet = Date.now() - lastActivity.current;
      if (quiet >= IDLE_MS) setIdle(true);
      else timer = setTimeout(check, IDLE_MS - quiet);
    };
    timer = setTimeout(check, IDLE_MS);
    return () => clearTimeout(timer);
  }, [idle, media.paused]);
  const wake = () => {
    lastActivity.current = Date.now();
    if (idle) setIdle(false);
  };

  const next = episode.next;
  const upNext = usePlayerUpNext({
    hasNext: !!next,
    currentTime: media.currentTime,
    duration: media.duration,
    paused: media.paused,
    ended: media.ended,
    setting: settings.upNext,
    onElapsed: () => {
      if (next) onEpisodeChange(next.id);
    },
  });

  const togglePlay = () => {
    const video = videoRef.current;
    if (!video || !hasVideo) return;
    if (video.paused || video.ended) play(video);
    else video.pause();
  };

  const seekTo = (seconds: number) => {
    const video = videoRef.current;
    if (!video || !hasVideo) return;
    const end = Number.isFinite(video.duration) && video.duration > 0 ? video.duration : Infinity;
    userSeeked.current = true;
    video.currentTime = Math.min(Math.max(seconds, 0), end);
  };

  const changeVolume = (volume: number) => {
    const clamped = Math.min(Math.max(Math.round(volume * 100) / 100, 0), 1);
    setVolume(clamped);
    if (clamped > 0 && muted) {
      setAutoMuted(false);
      setMuted(false);
    } else if (clamped === 0 && !muted) {
      setMuted(true);
    }
  };

  const toggleMute = () => {
    setAutoMuted(false);
    if (muted) {
      setMuted(false);
      if (settings.volume === 0) setVolume(0.5);
    } else {
      setMuted(true);
    }
  };

  const retry = () => {
    const video = videoRef.current;
    if (!video) return;
    pendingSeek.current = media.currentTime > 0 ? media.currentTime : null;
    video.load();
    play(video);
  };

  const run = (action: PlayerAction) => {
    switch (action.type) {
      case 'toggle-play':
        return togglePlay();
      case 'seek-by':
        return seekTo((videoRef.current?.currentTime ?? 0) + action.seconds);
      case 'volume-by':
        return changeVolume((muted ? 0 : settings.volume) + action.delta);
      case 'toggle-mute':
        return toggleMute();
      case 'toggle-fullscreen':
        return fullscreen.toggle();
    }
  };

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented) return;
    const action = playerActionForKey(event);
    if (!action) return;
    event.preventDefault();
    wake();
    run(action);
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const showBigPlay = hasVideo && media.paused && !media.ended && !media.failed && !upNext.visible;
  const hideControls = idle && !media.paused && !upNext.visible;

  return (
    <>
      {header}
      <div className="episode-player__main episode-player__main--moments">
        <div
          ref={(element) => {
            stageRef.current = element;
            setStageElement(element);
          }}
          className={clsx(
            'episode-player__stage',
            hideControls && 'episode-player__stage--idle',
            fullscreen.fullscreen && 'episode-player__stage--fullscreen',
          )}
          data-theme="dark"
          data-player-stage=""
          tabIndex={-1}
          onPointerMove={wake}
          onPointerDown={wake}
        >
          <video
            ref={videoRef}
            className="episode-player__video"
            src={episode.videoUrl ?? undefined}
            poster={episode.thumbnailUrl ?? undefined}
            preload="metadata"
            playsInline
            onClick={togglePlay}
            onDoubleClick={fullscreen.toggle}
          />

          {media.waiting && !media.failed ? (
            <Spinner size={40} label={t('buffering')} className="episode-player__spinner" />
          ) : null}

          {showBigPlay ? (
            <button
              type="button"
              className="episode-player__big-play"
              aria-label={t('play')}
              onClick={togglePlay}
            >
              <Play aria-hidden="true" />
            </button>
          ) : null}

          {!hasVideo ? (
            <div className="episode-player__message" role="status">
              <p>{t('noVideo')}</p>
            </div>
          ) : null}

          {media.failed ? (
            <div className="episode-player__message" role="alert">
              <p>{t('videoFailed')}</p>
              <Button variant="secondary" onClick={retry}>
                <RotateCcw aria-hidden="true" className="episode-player__button-icon" />
                {t('retry')}
              </Button>
            </div>
          ) : null}

          <div className="episode-player__chips">
            {resumedAt !== null ? (
              <div className="episode-player__chip">
                <span role="status">{t('resumedAt', { time: formatTime(resumedAt) })}</span>
                <span aria-hidden="true">·</span>
                <button
                  type="button"
                  className="episode-player__chip-action"
                  onClick={() => {
                    seekTo(0);
                    setResumedAt(null);
                  }}
                >
                  {t('startOver')}
                </button>
              </div>
            ) : null}
            {autoMuted ? (
              <div className="episode-player__chip">
                <span>{t('mutedAutoplay')}</span>
                <span aria-hidden="true">·</span>
                <button type="button" className="episode-player__chip-action" onClick={toggleMute}>
                  {t('unmute')}
                </button>
              </div>
            ) : null}
          </div>

          {upNext.visible && next ? (
            <UpNextCard
              next={next}
              remaining={upNext.remaining}
              total={upNext.total}
              running={media.ended || !media.paused}
              onPlay={() => onEpisodeChange(next.id)}
              onCancel={upNext.cancel}
              discuss={discussLabel ? { label: discussLabel, onOpen: openDiscuss } : undefined}
            />
          ) : null}

          {hasVideo ? (
            <PlayerControls
              media={media}
              muted={muted}
              volume={settings.volume}
              speed={settings.speed}
              upNextSetting={settings.upNext}
              fullscreen={fullscreen.fullscreen}
              menuContainer={stageElement}
              previous={episode.previous}
              next={episode.next}
              onTogglePlay={togglePlay}
              onSeek={seekTo}
              onVolume={changeVolume}
              onToggleMute={toggleMute}
              onSpeed={setSpeed}
              onUpNextSetting={setUpNext}
              onToggleFullscreen={fullscreen.toggle}
              onEpisode={onEpisodeChange}
              onActivity={wake}
              markers={
                <MomentMarkers
                  markers={moments.data?.markers ?? []}
                  duration={media.duration}
                  onSeek={seekTo}
                />
              }
            />
          ) : null}
        </div>
        <MomentsPanel
          episode={episode}
          moments={moments.data}
          currentTime={media.currentTime}
          onSeek={seekTo}
          onDiscuss={openDiscuss}
        />
      </div>
      <DiscussModal
        open={discussOpen}
        onClose={() => setDiscussOpen(false)}
        title={t('moments:discussEpisodeTitle', { number: episode.number })}
        source={{
          kind: 'episode',
          mediaId: episode.mediaId,
          episodeId: episode.id,
          until: media.currentTime > 0 ? Math.floor(media.currentTime) : undefined,
        }}
        composer={{
          pin: { episodeId: episode.id },
          label: t('moments:composeOnEpisode', { number: episode.number }),
        }}
        onSeek={(seconds) => {
          setDiscussOpen(false);
          seekTo(seconds);
        }}
      />
    </>
  );
}
