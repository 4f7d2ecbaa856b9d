import { feedElapsed, feedElapsedLabel } from '@otakura/shared';
import i18next from 'i18next';

/**
 * A feed card's time in the current language, from the shared structured value
 * (`feedElapsed`): English reads exactly as the spec ("Seconds Ago", "1 Minute Ago",
 * "5 Hours Ago", …); other languages word the same unit and count.
 */
export function formatFeedElapsed(createdAt: string, now: number): string {
  const seconds = Math.floor((now - Date.parse(createdAt)) / 1000);
  const { unit, count } = feedElapsed(seconds);
  return i18next.t(`common:elapsed.${unit}`, { count, defaultValue: feedElapsedLabel(seconds) });
}
