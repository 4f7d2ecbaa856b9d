import { useEffect, useState, type RefObject } from 'react';

type WebkitVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

/**
 * Full screen for the player's stage (video and its own controls). Where elements cannot go full
 * screen (iPhone Safari), the video itself does, with the system's controls.
 */
export function usePlayerFullscreen(
  stageRef: RefObject<HTMLElement | null>,
  videoRef: RefObject<HTMLVideoElement | null>,
) {
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    const onChange = () =>
      setFullscreen(
        !!document.fullscreenElement && document.fullscreenElement === stageRef.current,
      );
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [stageRef]);

  const toggle = () => {
    if (document.fullscreenElement) {
      void document.exitFullscreen?.().catch(() => undefined);
      return;
    }
    const stage = stageRef.current;
    if (stage?.requestFullscreen && document.fullscreenEnabled !== false) {
      void stage.requestFullscreen().catch(() => undefined);
      return;
    }
    (videoRef.current as WebkitVideo | null)?.webkitEnterFullscreen?.();
  };

  return { fullscreen, toggle };
}
