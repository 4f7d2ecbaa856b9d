import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { BlockedUsersCard } from '@/features/settings/components/blocked-users-card';
import { LegalLinksCard } from '@/features/settings/components/legal-links-card';
import { OwnedVolumesCard } from '@/features/settings/components/owned-volumes-card';

/**
 * /safety-privacy (spec §2 Privacy and Safety): the legal pages, the blocked users and whether
 * others see the volumes the user owns.
 */
export default function SafetyPrivacyPage() {
  const { t } = useTranslation();
  return (
    <Page
      title={t('titles.safetyPrivacy')}
      subtitle={t('safety.subtitle', { ns: 'settings' })}
      width="narrow"
      className="settings-page"
    >
      <div className="settings-stack">
        <LegalLinksCard />
        <BlockedUsersCard />
        <OwnedVolumesCard />
      </div>
    </Page>
  );
}
