/**
 * The one place that decides which media fields leave the server: the list entry, the landing,
 * media pages (episodes, volumes, issues) and the administration's answers. Rows come from
 * media.repository and media-admin.repository; nothing here reads the database.
 */
import type {
  Episode,
  IssueSummary,
  Media,
  MediaNextUp,
  MediaSummary,
  ReadProgress,
  ReaderPage,
  Volume,
  WatchProgress,
} from '@otakura/shared';
import type { media } from '../../db/schema';
import { fileUrl } from '../../lib/file-url';

export type MediaRow = typeof media.$inferSelect;

/** A media row with its unit counts (one list query computes them per row). */
export type MediaSummaryRow = Pick<
  MediaRow,
  | 'id'
  | 'kind'
  | 'title'
  | 'author'
  | 'imageKey'
  | 'nsfw'
  | 'likeCount'
  | 'viewCount'
  | 'commentCount'
> & { episodeCount: number; volumeCount: number; issueCount: number };

export type MediaDetailRow = MediaRow & {
  episodeCount: number;
  volumeCount: number;
  issueCount: number;
  likedByMe: boolean;
  /** The name of the series' own community (media.community_id), when it has one. */
  communityName?: string | null;
};

export interface WatchProgressRow {
  positionSeconds: number;
  watched: boolean;
  updatedAt: Date;
}

export interface ReadProgressRow {
  page: number;
  finished: boolean;
  updatedAt: Date;
}

export interface EpisodeRow {
  id: string;
  mediaId: string;
  number: number;
  title: string;
  videoKey: string | null;
  thumbnailKey: string | null;
  durationSeconds: number | null;
  createdAt: Date;
  progress: WatchProgressRow | null;
}

export interface IssueRow {
  id: string;
  mediaId: string;
  volumeId: string | null;
  number: number;
  title: string;
  pageCount: number;
  /** The first page's image key. */
  thumbnailKey: string | null;
  progress: ReadProgressRow | null;
}

export interface VolumeRow {
  id: string;
  mediaId: string;
  number: number;
  title: string;
  coverKey: string | null;
}

export interface PageRow {
  id: string;
  pageNumber: number;
  imageKey: string;
  width: number | null;
  height: number | null;
}

/**
 * A page whose size was never recorded (inserted outside the upload route) is presented as
 * portrait A-series proportions, so the reader still reserves a sensible box.
 */
const FALLBACK_PAGE_SIZE = { width: 1000, height: 1414 };

/** Media pages (spec §3): pages of `mediaPageSize` units, at least one. */
export function mediaPageCount(units: number, pageSize: number): number {
  return Math.max(1, Math.ceil(units / pageSize));
}

/** The units one media page lists: episodes (video), volumes (manga), issues (sequence). */
export function unitCount(
  row: Pick<MediaSummaryRow, 'kind' | 'episodeCount' | 'volumeCount' | 'issueCount'>,
): number {
  if (row.kind === 'video') return row.episodeCount;
  if (row.kind === 'manga') return row.volumeCount;
  return row.issueCount;
}

export function toMediaSummary(row: MediaSummaryRow): MediaSummary {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    author: row.author,
    coverUrl: fileUrl(row.imageKey),
    nsfw: row.nsfw,
    episodeCount: row.episodeCount,
    volumeCount: row.volumeCount,
    issueCount: row.issueCount,
    likeCount: row.likeCount,
    viewCount: row.viewCount,
    commentCount: row.commentCount,
  };
}

export function toMedia(
  row: MediaDetailRow,
  extra: { pageCount: number; nextUp: MediaNextUp | null },
): Media {
  return {
    ...toMediaSummary(row),
    about: row.about,
    bannerUrl: fileUrl(row.bannerKey),
    language: row.language,
    keywords: row.keywords,
    readingDirection: row.readingDirection,
    likedByMe: row.likedByMe,
    pageCount: extra.pageCount,
    nextUp: extra.nextUp,
    createdAt: row.createdAt.toISOString(),
    community:
      row.communityId && row.communityName
        ? { id: row.communityId, name: row.communityName }
        : null,
  };
}

export function toWatchProgress(row: WatchProgressRow): WatchProgress {
  return {
    positionSeconds: row.positionSeconds,
    watched: row.watched,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toReadProgress(row: ReadProgressRow): ReadProgress {
  return { page: row.page, finished: row.finished, updatedAt: row.updatedAt.toISOString() };
}

export function toEpisode(row: EpisodeRow): Episode {
  return {
    id: row.id,
    mediaId: row.mediaId,
    number: row.number,
    title: row.title,
    videoUrl: fileUrl(row.videoKey),
    thumbnailUrl: fileUrl(row.thumbnailKey),
    durationSeconds: row.durationSeconds,
    progress: row.progress ? toWatchProgress(row.progress) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toIssueSummary(row: IssueRow): IssueSummary {
  return {
    id: row.id,
    mediaId: row.mediaId,
    volumeId: row.volumeId,
    number: row.number,
    title: row.title,
    pageCount: row.pageCount,
    thumbnailUrl: fileUrl(row.thumbnailKey),
    progress: row.progress ? toReadProgress(row.progress) : null,
  };
}

export function toVolume(row: VolumeRow, issues: IssueRow[]): Volume {
  return {
    id: row.id,
    mediaId: row.mediaId,
    number: row.number,
    title: row.title,
    coverUrl: fileUrl(row.coverKey),
    issues: issues.map(toIssueSummary),
  };
}

export function toReaderPage(row: PageRow): ReaderPage {
  const known = row.width && row.height && row.width > 0 && row.height > 0;
  return {
    id: row.id,
    number: row.pageNumber,
    url: fileUrl(row.imageKey),
    width: known ? row.width! : FALLBACK_PAGE_SIZE.width,
    height: known ? row.height! : FALLBACK_PAGE_SIZE.height,
  };
}
