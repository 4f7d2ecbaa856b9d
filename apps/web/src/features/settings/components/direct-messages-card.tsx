import type { Settings } from '@otakura/shared';
import { MessageSquareLock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useUpdateSettingsMutation } from '../api/update-settings';
import { ChoiceGroup } from './choice-group';
import { SettingsCard } from './settings-card';
import { WithSettings } from './with-settings';

type DmPolicy = Settings['dmPolicy'];
const POLICIES: readonly DmPolicy[] = ['everyone', 'following', 'nobody'];

/** Who may send the user a direct message. */
export function DirectMessagesCard() {
  const { t } = useTranslation('settings');
  const update = useUpdateSettingsMutation();
  return (
    <SettingsCard
      icon={<MessageSquareLock />}
      title={t('content.messages.title')}
      description={t('content.messages.description')}
    >
      <WithSettings rows={3}>
        {(settings) => (
          <ChoiceGroup
            legend={t('content.messages.legend')}
            hideLegend
            value={settings.dmPolicy}
            onChange={(dmPolicy) => update.mutate({ dmPolicy })}
            options={POLICIES.map((value) => ({
              value,
              label: t(`content.messages.${value}.label`),
              description: t(`content.messages.${value}.description`),
            }))}
          />
        )}
      </WithSettings>
    </SettingsCard>
  );
}
