/** 1536 → "1.5 KB", 7_340_032 → "7.0 MB": sizes for upload progress (binary units, one decimal). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(2)} GB`;
}

/** 0–100 of the bytes sent, never more. */
export function percentOf(loaded: number, total: number): number {
  return Math.min(100, Math.floor((loaded / Math.max(1, total)) * 100));
}

/** 95 → "1:35", 3725 → "1:02:05". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** The moov-after-mdat note is recognised by its words; any other warning is shown as sent. */
export function isFaststartWarning(warning: string): boolean {
  return /moov after mdat/i.test(warning);
}
