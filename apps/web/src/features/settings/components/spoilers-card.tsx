import { Clapperboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useUpdateSettingsMutation } from '../api/update-settings';
import { SettingsCard } from './settings-card';
import { SwitchRow } from './switch-row';
import { WithSettings } from './with-settings';

/**
 * The spoiler shield's setting (issue 12): blur the thumbnails of episodes the user has not
 * watched yet (the episode lists and the up-next card). Posts and comments tagged past the user's
 * progress are covered by the server whatever this says.
 */
export function SpoilersCard() {
  const { t } = useTranslation('settings');
  const update = useUpdateSettingsMutation();
  return (
    <SettingsCard
      icon={<Clapperboard />}
      title={t('content.spoilers.title')}
      description={t('content.spoilers.description')}
    >
      <WithSettings>
        {(settings) => (
          <SwitchRow
            label={t('content.spoilers.blurLabel')}
            description={t('content.spoilers.blurDescription')}
            checked={settings.blurUnwatchedThumbnails}
            onCheckedChange={(blurUnwatchedThumbnails) =>
              update.mutate({ blurUnwatchedThumbnails })
            }
          />
        )}
      </WithSettings>
    </SettingsCard>
  );
}
