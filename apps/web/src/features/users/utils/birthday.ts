import { ageOn, LIMITS, parseBirthday } from '@otakura/shared';

export type BirthdayProblem = 'format' | 'future' | 'underage';

/**
 * The shared rule (a real date as 'month dd, yyyy', at least 18 today, UTC calendar days),
 * checked in the browser for instant feedback; the server checks it again.
 */
export function checkBirthday(text: string, today = new Date()): BirthdayProblem | null {
  const d = parseBirthday(text);
  if (!d) return 'format';
  if (Date.UTC(d.year, d.month - 1, d.day) > today.getTime()) return 'future';
  if (ageOn(d, today) < LIMITS.minimumAge) return 'underage';
  return null;
}
