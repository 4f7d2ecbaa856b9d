import { useTranslation } from 'react-i18next';
import { useQueueCountQuery } from '../api/get-queue-count';
import './moderation.css';

/**
 * The open case count next to the Moderation link (staff only: `enabled` false asks nothing).
 * The number is visible; screen readers hear "3 open reports".
 */
export function ModerationNavBadge({ enabled = true }: { enabled?: boolean }) {
  const { t } = useTranslation('moderation');
  const count = useQueueCountQuery(enabled);
  const open = count.data?.open ?? 0;
  if (!enabled || open === 0) return null;
  const overdue = (count.data?.overdue ?? 0) > 0;
  return (
    <span className={overdue ? 'mod-nav-badge mod-nav-badge--overdue' : 'mod-nav-badge'}>
      <span aria-hidden="true">{open > 99 ? '99+' : open}</span>
      <span className="visually-hidden">{t('nav.openCases', { count: open })}</span>
    </span>
  );
}
