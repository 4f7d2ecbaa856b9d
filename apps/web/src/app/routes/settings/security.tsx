import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { SessionsList } from '@/features/auth/components/sessions-list';
import { TwoFactorSettings } from '@/features/auth/components/two-factor-settings';
import { useSession } from '@/features/auth/hooks/use-session';

/** /security: two-factor authentication (enable, confirm, backup codes, disable) and sessions. */
export default function SecurityPage() {
  const { t } = useTranslation('auth');
  const session = useSession();
  return (
    <Page title={t('security.title')} subtitle={t('security.subtitle')} width="narrow">
      {session.status === 'signed-in' ? (
        <>
          <TwoFactorSettings user={session.user} />
          <SessionsList currentSessionId={session.session.id} />
        </>
      ) : null}
    </Page>
  );
}
