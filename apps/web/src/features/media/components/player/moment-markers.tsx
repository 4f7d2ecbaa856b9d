import type { MomentMarker } from '@otakura/shared';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from './format-time';

export interface MomentMarkersProps {
  markers: readonly MomentMarker[];
  /** Seconds; nothing shows until the duration is known. */
  duration: number;
  onSeek: (seconds: number) => void;
}

/**
 * The pinned moments on the timeline, just above the seek bar: each is a button "Comment at
 * 0:12" that seeks there (covered moments too: a time says nothing of the text). The group is
 * named, so a screen reader hears it as the list of moments.
 */
export function MomentMarkers({ markers, duration, onSeek }: MomentMarkersProps) {
  const { t } = useTranslation('moments');
  if (!(duration > 0) || markers.length === 0) return null;
  return (
    <div className="moment-markers" role="group" aria-label={t('markers')}>
      {markers
        .filter((m) => m.atSeconds <= duration)
        .map((m) => {
          const time = formatTime(m.atSeconds);
          const label =
            m.count > 1 ? t('markerMany', { count: m.count, time }) : t('markerOne', { time });
          return (
            <button
              key={m.atSeconds}
              type="button"
              className="moment-markers__marker"
              data-moment={m.atSeconds}
              aria-label={label}
              title={label}
              style={{ '--at': `${(m.atSeconds / duration) * 100}%` } as CSSProperties}
              onClick={() => onSeek(m.atSeconds)}
            >
              <span className="moment-markers__dot" data-many={m.count > 1 || undefined} />
            </button>
          );
        })}
    </div>
  );
}
