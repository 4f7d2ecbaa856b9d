import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { useRole } from '@/features/auth/components/require-role';
import { useSession } from '@/features/auth/hooks/use-session';
import { ModerationSubnav } from '@/features/moderation/components/moderation-subnav';
import { PeopleView } from '@/features/moderation/components/people-view';

/** /moderation/people: people search with standing and actions; admins also grant moderator. */
export default function ModerationPeoplePage() {
  const { t } = useTranslation('moderation');
  const session = useSession();
  const role = useRole();
  return (
    <Page title={t('titles.people')} subtitle={t('subtitles.people')}>
      <ModerationSubnav />
      <PeopleView
        viewerId={session.status === 'signed-in' ? session.user.id : null}
        viewerRole={role}
      />
    </Page>
  );
}
