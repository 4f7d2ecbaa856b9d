import type {
  Episode,
  EpisodeCard,
  IssueSummary,
  Media,
  MediaPage,
  MediaSummary,
  Volume,
} from '@otakura/shared';

/** UUID-shaped ids, so live topics and media page ids look real. */
export const VIDEO_ID = '0190aaaa-0000-7000-8000-00000000a001';
export const MANGA_ID = '0190aaaa-0000-7000-8000-00000000b001';
export const SEQUENCE_ID = '0190aaaa-0000-7000-8000-00000000c001';

let seq = 0;
function nextId(prefix: string): string {
  seq += 1;
  return `0190${prefix}-0000-7000-8000-${String(seq).padStart(12, '0')}`;
}

export function makeSummary(overrides: Partial<MediaSummary> = {}): MediaSummary {
  return {
    id: VIDEO_ID,
    kind: 'video',
    title: 'Frieren: Beyond Journey’s End',
    author: 'Kanehito Yamada',
    coverUrl: '/files/cover.webp',
    nsfw: false,
    episodeCount: 12,
    volumeCount: 0,
    issueCount: 0,
    likeCount: 1234,
    viewCount: 56_789,
    commentCount: 4,
    ...overrides,
  };
}

export function makeMedia(overrides: Partial<Media> = {}): Media {
  return {
    ...makeSummary(),
    about: 'An elf mage looks back on a journey that already ended.',
    bannerUrl: '/files/banner.webp',
    language: 'Japanese',
    keywords: ['fantasy', 'adventure'],
    readingDirection: 'ltr',
    likedByMe: false,
    pageCount: 1,
    nextUp: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeEpisode(overrides: Partial<Episode> = {}): Episode {
  return {
    id: nextId('eeee'),
    mediaId: VIDEO_ID,
    number: 1,
    title: 'The Journey’s End',
    videoUrl: '/files/ep.mp4',
    thumbnailUrl: '/files/ep.webp',
    durationSeconds: 1440,
    progress: null,
    createdAt: '2025-01-02T00:00:00.000Z',
    ...overrides,
  };
}

export function makeIssue(overrides: Partial<IssueSummary> = {}): IssueSummary {
  return {
    id: nextId('1111'),
    mediaId: MANGA_ID,
    volumeId: null,
    number: 1,
    title: 'Departure',
    pageCount: 12,
    thumbnailUrl: null,
    progress: null,
    ...overrides,
  };
}

export function makeVolume(overrides: Partial<Volume> = {}): Volume {
  return {
    id: nextId('2222'),
    mediaId: MANGA_ID,
    number: 1,
    title: 'Spring',
    coverUrl: null,
    issues: [],
    ...overrides,
  };
}

export function makeMediaPage(overrides: Partial<MediaPage> = {}): MediaPage {
  return {
    id: VIDEO_ID,
    mediaId: VIDEO_ID,
    kind: 'video',
    page: 1,
    pageCount: 1,
    episodes: [],
    volumes: [],
    issues: [],
    ...overrides,
  };
}

export function makeEpisodeCard(overrides: Partial<EpisodeCard> = {}): EpisodeCard {
  return {
    ...makeEpisode(),
    media: { id: VIDEO_ID, kind: 'video', title: 'Frieren', coverUrl: null },
    ...overrides,
  };
}
