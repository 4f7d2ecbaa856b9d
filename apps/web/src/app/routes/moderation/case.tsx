import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Page } from '@/components/page/page';
import { useSession } from '@/features/auth/hooks/use-session';
import { CaseView } from '@/features/moderation/components/case-view';
import { ModerationSubnav } from '@/features/moderation/components/moderation-subnav';

/** /moderation/case/:targetType/:targetId: one case in full (deep links, phones). */
export default function ModerationCasePage() {
  const { t } = useTranslation('moderation');
  const session = useSession();
  const { targetType, targetId } = useParams();
  return (
    <Page title={t('titles.case')} width="narrow">
      <ModerationSubnav />
      <CaseView
        key={`${targetType}/${targetId}`}
        targetType={targetType}
        targetId={targetId}
        viewerId={session.status === 'signed-in' ? session.user.id : null}
      />
    </Page>
  );
}
