const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;
const WEEK = 604_800;

export type FeedElapsedUnit = 'seconds' | 'minute' | 'hour' | 'day' | 'week';

/** A feed card's elapsed time as a unit and a whole count (`seconds` has count 0). */
export interface FeedElapsed {
  unit: FeedElapsedUnit;
  count: number;
}

/**
 * Feed card time (spec §4): seconds under a minute, then minutes, hours, days under a week,
 * weeks beyond. `seconds` is the elapsed time in seconds. The web words it in its language.
 */
export function feedElapsed(seconds: number): FeedElapsed {
  const s = Math.max(0, seconds);
  if (s < MINUTE) return { unit: 'seconds', count: 0 };
  if (s < HOUR) return { unit: 'minute', count: Math.floor(s / MINUTE) };
  if (s < DAY) return { unit: 'hour', count: Math.floor(s / HOUR) };
  if (s < WEEK) return { unit: 'day', count: Math.floor(s / DAY) };
  return { unit: 'week', count: Math.floor(s / WEEK) };
}

/** The spec's English feed label: "Seconds Ago", "1 Minute Ago", "5 Hours Ago", … */
export function feedElapsedLabel(seconds: number): string {
  const { unit, count } = feedElapsed(seconds);
  if (unit === 'seconds') return 'Seconds Ago';
  const word = unit[0]!.toUpperCase() + unit.slice(1);
  return `${count} ${word}${count === 1 ? '' : 's'} Ago`;
}

/**
 * Comment label (spec §4): 's' under 60 s (rounded), 'm' over 60 s, 'h' over
 * 3600 s, 'd' over 86400 s, 'w' over 604800 s.
 */
export function commentElapsedLabel(seconds: number): string {
  const s = Math.max(0, seconds);
  if (s > WEEK) return `${Math.floor(s / WEEK)}w`;
  if (s > DAY) return `${Math.floor(s / DAY)}d`;
  if (s > HOUR) return `${Math.floor(s / HOUR)}h`;
  if (s > MINUTE) return `${Math.floor(s / MINUTE)}m`;
  return `${Math.round(s)}s`;
}
