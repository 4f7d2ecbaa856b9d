/** A running time as a clock: 59 → "0:59", 1450 → "24:10", 3723 → "1:02:03". */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** How far into an episode the viewer got, 0…1 (1 once watched; 0 without a known duration). */
export function watchedFraction(
  progress: { positionSeconds: number; watched: boolean } | null,
  durationSeconds: number | null,
): number {
  if (!progress) return 0;
  if (progress.watched) return 1;
  if (!durationSeconds || durationSeconds <= 0) return 0;
  return Math.min(1, Math.max(0, progress.positionSeconds / durationSeconds));
}
