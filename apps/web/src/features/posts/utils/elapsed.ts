import { feedElapsedLabel } from '@otakura/shared';
import type { TFunction } from 'i18next';

export type ElapsedUnit = 'seconds' | 'minute' | 'hour' | 'day' | 'week';

/** Splits the spec's feed label (`feedElapsedLabel`, the source of truth) into a unit and a count. */
export function feedElapsedParts(seconds: number): { unit: ElapsedUnit; count: number } {
  const label = feedElapsedLabel(seconds);
  const m = /^(\d+) (Minute|Hour|Day|Week)s? Ago$/.exec(label);
  if (!m) return { unit: 'seconds', count: 0 };
  return { unit: m[2]!.toLowerCase() as ElapsedUnit, count: Number(m[1]) };
}

/**
 * The feed card's time label in the current language. English is exactly the spec's
 * ("Seconds Ago", "1 Minute Ago", "5 Hours Ago", …); other languages translate the same unit.
 */
export function translateFeedElapsed(
  t: TFunction<'posts'>,
  createdAt: string,
  now: number,
): string {
  const seconds = Math.floor((now - Date.parse(createdAt)) / 1000);
  const { unit, count } = feedElapsedParts(seconds);
  return t(`elapsed.${unit}`, { count, defaultValue: feedElapsedLabel(seconds) });
}
