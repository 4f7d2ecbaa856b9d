import { useTranslation } from 'react-i18next';
import { formatFeedElapsed } from '@/lib/elapsed';
import { formatDate } from '@/lib/i18n';
import { useNow } from '@/lib/use-now';

/** "5 Minutes Ago" (spec §4 feed labels), with the exact date on hover and for machines. */
export function ElapsedTime({ createdAt, className }: { createdAt: string; className?: string }) {
  useTranslation(); // re-render when the language changes
  const now = useNow();
  return (
    <time
      className={className}
      dateTime={createdAt}
      title={formatDate(createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
    >
      {formatFeedElapsed(createdAt, now)}
    </time>
  );
}
