import { REPORT_REVIEW_HOURS } from '@otakura/shared';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { useSession } from '@/features/auth/hooks/use-session';
import { ModerationSubnav } from '@/features/moderation/components/moderation-subnav';
import { QueueView } from '@/features/moderation/components/queue-view';

/** /moderation: the queue of reported things (moderators and admins; the router checks the role). */
export default function ModerationQueuePage() {
  const { t } = useTranslation('moderation');
  const session = useSession();
  return (
    <Page title={t('titles.queue')} subtitle={t('subtitles.queue', { hours: REPORT_REVIEW_HOURS })}>
      <ModerationSubnav />
      <QueueView viewerId={session.status === 'signed-in' ? session.user.id : null} />
    </Page>
  );
}
