import { TIMINGS } from '@otakura/shared';
import { useEffect, useRef } from 'react';
import { usePrefersReducedMotion } from '../hooks/use-reduced-motion';

export interface FeedVideoProps {
  src: string;
  poster: string | null;
  width?: number | null;
  height?: number | null;
  /** Play while at least 70 % visible (spec §2, TIMINGS.videoVisibilityThreshold); off for covered posts. */
  autoPlay: boolean;
  label: string;
  className?: string;
}

/**
 * Spec §2: a video shows its thumbnail (the poster) until it plays; it plays muted and looping,
 * with controls, while at least 70 % of it is visible, and pauses when it is not. Under
 * prefers-reduced-motion nothing starts by itself; the controls are there to press play.
 */
export function FeedVideo({
  src,
  poster,
  width,
  height,
  autoPlay,
  label,
  className,
}: FeedVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const shouldAutoPlay = autoPlay && !reducedMotion;

  useEffect(() => {
    const video = ref.current;
    if (!video || typeof IntersectionObserver === 'undefined') return;
    const threshold = TIMINGS.videoVisibilityThreshold;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        if (entry.intersectionRatio >= threshold && shouldAutoPlay) {
          video.muted = true;
          // A browser may refuse (battery saver, policy): the poster and controls remain.
          void video.play().catch(() => undefined);
        } else if (entry.intersectionRatio < threshold && !video.paused) {
          video.pause();
        }
      },
      { threshold: [0, threshold, 1] },
    );
    observer.observe(video);
    return () => observer.disconnect();
  }, [shouldAutoPlay]);

  return (
    <video
      ref={ref}
      className={className}
      src={src}
      poster={poster ?? undefined}
      width={width ?? undefined}
      height={height ?? undefined}
      muted
      loop
      playsInline
      controls
      preload="none"
      aria-label={label}
    />
  );
}
