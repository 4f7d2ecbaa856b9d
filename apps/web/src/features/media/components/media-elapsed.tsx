import { useTranslation } from 'react-i18next';
import { formatFeedElapsed } from '@/lib/elapsed';
import { formatDate } from '@/lib/i18n';
import { useNow } from '@/lib/use-now';

/** "5 Hours Ago" (the feed's words), with the exact date on hover and for machines. */
export function MediaElapsed({ at, className }: { at: string; className?: string }) {
  useTranslation(); // re-render when the language changes
  const now = useNow();
  return (
    <time
      className={className}
      dateTime={at}
      title={formatDate(at, { dateStyle: 'medium', timeStyle: 'short' })}
    >
      {formatFeedElapsed(at, now)}
    </time>
  );
}
