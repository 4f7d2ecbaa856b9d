/**
 * The media side of the spoiler shield (issue 12, docs/spoiler-shield.md): checking a spoiler
 * tag against the library before a post or comment carries it, and telling a user's own sockets
 * that their progress in a series rose (their covers may lift).
 */
import {
  liveTopics,
  SPOILER_UNITS_BY_KIND,
  type FieldIssue,
  type SpoilerTagInput,
} from '@otakura/shared';
import type { Db } from '../../db/client';
import { validationError } from '../../lib/errors';
import type { LiveBus } from '../live/live-bus';
import { publishLive } from '../live/live-publish';
import * as repo from './media-progress.repository';
import type { ProgressMarks } from './media-progress.repository';

export type { ProgressMarks };

export const SPOILER_TAG_MESSAGES = {
  seriesNotFound: 'That series was not found. Please choose another.',
  unitVideo: 'A video series is tagged by episode.',
  unitManga: 'A manga is tagged by volume or chapter.',
  unitSequence: 'This series is tagged by chapter.',
  noSuchNumber: (title: string, unit: string, n: number) => `${title} has no ${unit} ${n}.`,
} as const;

/**
 * Checks a spoiler tag (`path`: where it sits in the request body, for the field errors): the
 * series exists, the unit fits its kind (episode for video, volume or chapter for manga, chapter
 * for a sequence) and the series has that number. 400 `validation_error` naming the field
 * otherwise. Call before the write's transaction: a refused tag writes nothing.
 */
export async function checkSpoilerTag(
  db: Db,
  tag: SpoilerTagInput,
  path = 'spoilerTag',
): Promise<void> {
  const fail = (issue: FieldIssue) => validationError([issue], issue.message);
  const target = await repo.findTagTarget(db, tag.mediaId, tag.number);
  if (!target)
    throw fail({ path: `${path}.mediaId`, message: SPOILER_TAG_MESSAGES.seriesNotFound });
  const units: readonly string[] = SPOILER_UNITS_BY_KIND[target.kind];
  if (!units.includes(tag.unit)) {
    const message =
      target.kind === 'video'
        ? SPOILER_TAG_MESSAGES.unitVideo
        : target.kind === 'manga'
          ? SPOILER_TAG_MESSAGES.unitManga
          : SPOILER_TAG_MESSAGES.unitSequence;
    throw fail({ path: `${path}.unit`, message });
  }
  const exists =
    tag.unit === 'episode'
      ? target.hasEpisode
      : tag.unit === 'volume'
        ? target.hasVolume
        : target.hasChapter;
  if (!exists)
    throw fail({
      path: `${path}.number`,
      message: SPOILER_TAG_MESSAGES.noSuchNumber(target.title, tag.unit, tag.number),
    });
}

/**
 * After a progress write committed with a rise of the marks: `media.progress` on the user's own
 * `user:{id}` topic, so their open feeds, posts and comments refetch and passed covers lift.
 */
export async function publishProgressRise(
  live: Pick<LiveBus, 'publish'>,
  userId: string,
  marks: ProgressMarks,
): Promise<void> {
  await publishLive(live, [liveTopics.user(userId)], (topic) => ({
    type: 'media.progress',
    topic,
    mediaId: marks.mediaId,
    episode: marks.episode,
    volume: marks.volume,
    chapter: marks.chapter,
  }));
}

/** A user's marks in a series (0 each when they have none). */
export function getProgressMarks(db: Db, userId: string, mediaId: string): Promise<ProgressMarks> {
  return repo.findMarks(db, userId, mediaId);
}
