const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;
const WEEK = 604_800;

/**
 * Feed card label (spec §4): "Seconds Ago" under a minute, then Minutes, Hours,
 * Days under a week, Weeks beyond. `seconds` is the elapsed time in seconds.
 */
export function feedElapsedLabel(seconds: number): string {
  const s = Math.max(0, seconds);
  if (s < MINUTE) return 'Seconds Ago';
  if (s < HOUR) return plural(Math.floor(s / MINUTE), 'Minute');
  if (s < DAY) return plural(Math.floor(s / HOUR), 'Hour');
  if (s < WEEK) return plural(Math.floor(s / DAY), 'Day');
  return plural(Math.floor(s / WEEK), 'Week');
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} Ago`;
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
