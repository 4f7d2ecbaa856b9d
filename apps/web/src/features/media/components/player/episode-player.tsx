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

export function EpisodePlayer(_props: EpisodePlayerProps) {
  return null;
}
