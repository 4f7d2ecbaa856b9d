const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface Due {
  overdue: boolean;
  unit: 'minutes' | 'hours' | 'days';
  count: number;
}

/**
 * How far a case is from its 24-hour promise: "19 h left", "45 min left", "3 h overdue",
 * "2 d overdue" (days once past 48 hours). Rounded down, at least 1.
 */
export function dueIn(dueAt: string, now: number): Due {
  const diff = Date.parse(dueAt) - now;
  const overdue = diff < 0;
  const ms = Math.abs(diff);
  if (ms < HOUR) return { overdue, unit: 'minutes', count: Math.max(1, Math.floor(ms / MINUTE)) };
  if (ms < 48 * HOUR) return { overdue, unit: 'hours', count: Math.floor(ms / HOUR) };
  return { overdue, unit: 'days', count: Math.floor(ms / (24 * HOUR)) };
}
