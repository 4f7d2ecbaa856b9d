import type { EpisodeDetail } from '@otakura/shared';
import {
  Maximize,
  Minimize,
  Pause,
  Play,
  RotateCcw,
  SkipBack,
  SkipForward,
  Volume1,
  Volume2,
  VolumeX,
} from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '@/components/ui/icon-button';
import type { PlayerMediaState } from '../../hooks/use-player-media-state';
import type { UpNextSetting } from '../../hooks/use-player-settings';
import { formatTime } from './format-time';
import { PlayerSettingsMenu } from './player-settings-menu';
import { VOLUME_STEP } from './player-shortcuts';

export interface PlayerControlsProps {
  media: PlayerMediaState;
  muted: boolean;
  volume: number;
  speed: number;
  upNextSetting: UpNextSetting;
  fullscreen: boolean;
  /** Where the settings menu renders (the stage, so it shows in full screen). */
  menuContainer: HTMLElement | null;
  previous: EpisodeDetail['previous'];
  next: EpisodeDetail['next'];
  onTogglePlay: () => void;
  onSeek: (seconds: number) => void;
  onVolume: (volume: number) => void;
  onToggleMute: () => void;
  onSpeed: (speed: number) => void;
  onUpNextSetting: (setting: UpNextSetting) => void;
  onToggleFullscreen: () => void;
  onEpisode: (episodeId: string) => void;
  onActivity: () => void;
  /** The pinned moments over the seek bar (docs/moments.md). */
  markers?: ReactNode;
}

const percent = (part: number, whole: number) =>
  whole > 0 ? `${Math.min(Math.max((part / whole) * 100, 0), 100)}%` : '0%';

/**
 * The control bar over the bottom of the video: seek bar (native range: the files route serves
 * byte ranges, so any position loads), then previous / play / next, volume, time, settings and
 * full screen. Every control has a name; the sliders say their value in words.
 */
export function PlayerControls({
  media,
  muted,
  volume,
  speed,
  upNextSetting,
  fullscreen,
  menuContainer,
  previous,
  next,
  onTogglePlay,
  onSeek,
  onVolume,
  onToggleMute,
  onSpeed,
  onUpNextSetting,
  onToggleFullscreen,
  onEpisode,
  onActivity,
  markers,
}: PlayerControlsProps) {
  const { t } = useTranslation('player');
  const { currentTime, duration } = media;
  const shownVolume = muted ? 0 : volume;
  const VolumeIcon = shownVolume === 0 ? VolumeX : shownVolume < 0.5 ? Volume1 : Volume2;
  const playLabel = media.ended ? t('replay') : media.paused ? t('play') : t('pause');
  const PlayIcon = media.ended ? RotateCcw : media.paused ? Play : Pause;

  return (
    <div
      className="episode-player__controls"
      role="group"
      aria-label={t('controls')}
      onFocus={onActivity}
    >
      {markers}
      <input
        type="range"
        className="episode-player__range episode-player__seek"
        aria-label={t('seek')}
        aria-valuetext={t('seekValue', {
          current: formatTime(currentTime),
          duration: formatTime(duration),
        })}
        min={0}
        max={duration || 0}
        step="any"
        value={Math.min(currentTime, duration || 0)}
        disabled={!media.metadataLoaded && duration === 0}
        style={
          {
            '--fill': percent(currentTime, duration),
            '--buffer': percent(media.bufferedEnd, duration),
          } as CSSProperties
        }
        onChange={(event) => onSeek(Number(event.currentTarget.value))}
      />
      <div className="episode-player__bar">
        {previous ? (
          <IconButton
            aria-label={t('previous')}
            title={t('previous')}
            className="episode-player__control"
            onClick={() => onEpisode(previous.id)}
          >
            <SkipBack aria-hidden="true" />
          </IconButton>
        ) : null}
        <IconButton
          aria-label={playLabel}
          title={playLabel}
          className="episode-player__control"
          onClick={onTogglePlay}
        >
          <PlayIcon aria-hidden="true" />
        </IconButton>
        {next ? (
          <IconButton
            aria-label={t('next')}
            title={t('next')}
            className="episode-player__control"
            onClick={() => onEpisode(next.id)}
          >
            <SkipForward aria-hidden="true" />
          </IconButton>
        ) : null}
        <div className="episode-player__volume">
          <IconButton
            aria-label={muted ? t('unmute') : t('mute')}
            title={muted ? t('unmute') : t('mute')}
            className="episode-player__control"
            onClick={onToggleMute}
          >
            <VolumeIcon aria-hidden="true" />
          </IconButton>
          <input
            type="range"
            data-player-volume=""
            className="episode-player__range episode-player__volume-range"
            aria-label={t('volume')}
            aria-valuetext={t('volumeValue', { percent: Math.round(shownVolume * 100) })}
            min={0}
            max={1}
            step={VOLUME_STEP}
            value={shownVolume}
            style={{ '--fill': percent(shownVolume, 1), '--buffer': '0%' } as CSSProperties}
            onChange={(event) => onVolume(Number(event.currentTarget.value))}
          />
        </div>
        <span className="episode-player__time tabular-nums">
          {t('time', { current: formatTime(currentTime), duration: formatTime(duration) })}
        </span>
        <span className="episode-player__spacer" />
        <PlayerSettingsMenu
          speed={speed}
          upNext={upNextSetting}
          container={menuContainer}
          onSpeed={onSpeed}
          onUpNext={onUpNextSetting}
        />
        <IconButton
          aria-label={fullscreen ? t('exitFullscreen') : t('fullscreen')}
          title={fullscreen ? t('exitFullscreen') : t('fullscreen')}
          className="episode-player__control"
          onClick={onToggleFullscreen}
        >
          {fullscreen ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />}
        </IconButton>
      </div>
    </div>
  );
}
