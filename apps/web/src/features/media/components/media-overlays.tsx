import type { MediaOverlay } from '../hooks/use-media-overlay';
import { EpisodePlayer } from './player/episode-player';
import { IssueReader } from './reader/issue-reader';

/** The player or the reader over the page, as the address says (`useMediaOverlay`). */
export function MediaOverlays({ overlay }: { overlay: MediaOverlay }) {
  if (overlay.episodeId) {
    return (
      <EpisodePlayer
        episodeId={overlay.episodeId}
        onClose={overlay.close}
        onEpisodeChange={overlay.changeEpisode}
      />
    );
  }
  if (overlay.issueId) {
    return (
      <IssueReader
        issueId={overlay.issueId}
        onClose={overlay.close}
        onIssueChange={overlay.changeIssue}
      />
    );
  }
  return null;
}
