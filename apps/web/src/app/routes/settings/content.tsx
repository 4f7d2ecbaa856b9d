import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { BlockedUsersCard } from '@/features/settings/components/blocked-users-card';
import { ClearCacheCard } from '@/features/settings/components/clear-cache-card';
import { NotificationsCard } from '@/features/settings/components/notifications-card';
import { ObjectionableContentCard } from '@/features/settings/components/objectionable-content-card';
import { SortCard } from '@/features/settings/components/sort-card';
import { SpoilersCard } from '@/features/settings/components/spoilers-card';

/**
 * /content (spec §2): objectionable content, spoilers (issue 12), blocked users, notifications,
 * sort, clear cache.
 * The spec's direct-messages setting waits until direct messages exist (the server keeps the
 * field, unused).
 */
export default function ContentPage() {
  const { t } = useTranslation();
  return (
    <Page
      title={t('titles.content')}
      subtitle={t('content.subtitle', { ns: 'settings' })}
      width="narrow"
      className="settings-page"
    >
      <div className="settings-stack">
        <ObjectionableContentCard />
        <SpoilersCard />
        <BlockedUsersCard />
        <NotificationsCard />
        <SortCard />
        <ClearCacheCard />
      </div>
    </Page>
  );
}
