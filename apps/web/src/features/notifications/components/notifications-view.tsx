import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { NotificationFilter } from '../api/notification-keys';
import { MarkAllReadButton } from './mark-all-read-button';
import { NotificationsList } from './notifications-list';
import './notifications.css';

/** /notifications: the heading with "Mark all as read", the All / Unread filter and the list. */
export function NotificationsView() {
  const { t } = useTranslation('notifications');
  const [filter, setFilter] = useState<NotificationFilter>('all');
  return (
    <Page title={t('title')} width="narrow" actions={<MarkAllReadButton />}>
      <Tabs
        value={filter}
        onValueChange={(value) => setFilter(value === 'unread' ? 'unread' : 'all')}
        className="notifications"
      >
        <TabsList aria-label={t('filter.label')}>
          <TabsTrigger value="all">{t('filter.all')}</TabsTrigger>
          <TabsTrigger value="unread">{t('filter.unread')}</TabsTrigger>
        </TabsList>
        <TabsContent value="all">
          <NotificationsList filter="all" />
        </TabsContent>
        <TabsContent value="unread">
          <NotificationsList filter="unread" />
        </TabsContent>
      </Tabs>
    </Page>
  );
}
