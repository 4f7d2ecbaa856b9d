import { BellRing } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePushNotifications } from '../hooks/use-push-notifications';
import { SwitchRow } from './switch-row';
import './push-row.css';

/**
 * "Push notifications on this device": asks the browser's permission and subscribes with the
 * server's VAPID key, or unsubscribes. Says why it cannot when the browser has no Web Push, the
 * site's notifications are blocked, or the server has push turned off.
 */
export function PushRow() {
  const { t } = useTranslation('settings');
  const push = usePushNotifications();
  const usable = push.status === 'on' || push.status === 'off';
  return (
    <>
      <SwitchRow
        icon={<BellRing />}
        label={t('content.notifications.push.label')}
        description={t(`content.notifications.push.status.${push.status}`)}
        checked={push.status === 'on'}
        disabled={!usable || push.pending}
        onCheckedChange={push.setOn}
      />
      {push.failed || push.dismissed ? (
        <p className="settings-push__problem" role="alert">
          {push.dismissed
            ? t('content.notifications.push.dismissed')
            : t(`content.notifications.push.failed.${push.failed}`)}
        </p>
      ) : null}
    </>
  );
}
