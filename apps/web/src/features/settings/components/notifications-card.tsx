import type { NotificationPrefs } from '@otakura/shared';
import { Bell, Heart, Mail, MessageCircle, Reply, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateSettingsMutation } from '../api/update-settings';
import { PushRow } from './push-row';
import { SettingsCard } from './settings-card';
import { SwitchRow } from './switch-row';
import { WithSettings } from './with-settings';

const ROWS: ReadonlyArray<{ key: keyof NotificationPrefs; icon: ReactNode }> = [
  { key: 'comments', icon: <MessageCircle /> },
  { key: 'replies', icon: <Reply /> },
  { key: 'likes', icon: <Heart /> },
  { key: 'follows', icon: <UserPlus /> },
  { key: 'email', icon: <Mail /> },
];

/**
 * Which events notify the user (stored on the server; /notifications lists them, the daily digest
 * mails them with "Also by email"), and push notifications on this device.
 */
export function NotificationsCard() {
  const { t } = useTranslation('settings');
  const update = useUpdateSettingsMutation();
  return (
    <SettingsCard
      icon={<Bell />}
      title={t('content.notifications.title')}
      description={t('content.notifications.description')}
    >
      <WithSettings rows={ROWS.length}>
        {(settings) => (
          <div className="settings-rows">
            {ROWS.map(({ key, icon }) => (
              <SwitchRow
                key={key}
                icon={icon}
                label={t(`content.notifications.${key}.label`)}
                description={t(`content.notifications.${key}.description`)}
                checked={settings.notifications[key]}
                onCheckedChange={(on) => update.mutate({ notifications: { [key]: on } })}
              />
            ))}
          </div>
        )}
      </WithSettings>
      <div className="settings-rows settings-push">
        <PushRow />
      </div>
    </SettingsCard>
  );
}
