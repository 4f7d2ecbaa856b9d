import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { useSession } from '@/features/auth/hooks/use-session';
import { AuditView } from '@/features/moderation/components/audit-view';
import { ModerationSubnav } from '@/features/moderation/components/moderation-subnav';

/** /moderation/audit: the read-only audit log, newest first. */
export default function ModerationAuditPage() {
  const { t } = useTranslation('moderation');
  const session = useSession();
  return (
    <Page title={t('titles.audit')} subtitle={t('subtitles.audit')}>
      <ModerationSubnav />
      <AuditView viewerId={session.status === 'signed-in' ? session.user.id : null} />
    </Page>
  );
}
