import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/i18n';
import { useNow } from '../hooks/use-now';
import { translateFeedElapsed } from '../utils/elapsed';

/** "5 Minutes Ago" (spec §4 feed labels), with the exact date on hover and for machines. */
export function ElapsedTime({ createdAt, className }: { createdAt: string; className?: string }) {
  const { t } = useTranslation('posts');
  const now = useNow();
  return (
    <time
      className={className}
      dateTime={createdAt}
      title={formatDate(createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
    >
      {translateFeedElapsed(t, createdAt, now)}
    </time>
  );
}
