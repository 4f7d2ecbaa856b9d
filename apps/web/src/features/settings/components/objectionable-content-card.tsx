import { EyeOff } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUpdateSettingsMutation } from '../api/update-settings';
import { SettingsCard } from './settings-card';
import { SwitchRow } from './switch-row';
import { WithSettings } from './with-settings';

/**
 * NSFW opt-in. Only users whose birthday makes them 18+ may opt in (the server checks too); others
 * see the switch disabled and how to unlock it. Without the opt-in, NSFW posts stay blurred.
 */
export function ObjectionableContentCard() {
  const { t } = useTranslation('settings');
  const update = useUpdateSettingsMutation();
  return (
    <SettingsCard
      icon={<EyeOff />}
      title={t('content.objectionable.title')}
      description={t('content.objectionable.description')}
    >
      <WithSettings>
        {(settings) => (
          <>
            <SwitchRow
              label={t('content.objectionable.nsfwLabel')}
              description={
                settings.canOptInNsfw
                  ? t('content.objectionable.nsfwDescription')
                  : t('content.objectionable.nsfwLocked')
              }
              checked={settings.nsfwOptIn}
              disabled={!settings.canOptInNsfw}
              onCheckedChange={(nsfwOptIn) => update.mutate({ nsfwOptIn })}
            />
            {!settings.canOptInNsfw ? (
              <p className="settings-note">
                <Trans
                  t={t}
                  i18nKey="content.objectionable.nsfwLockedHow"
                  components={{ account: <Link to="/your-account" /> }}
                />
              </p>
            ) : null}
          </>
        )}
      </WithSettings>
    </SettingsCard>
  );
}
