import { BookOpen, Library } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useUpdateSettingsMutation } from '../api/update-settings';
import { SettingsCard } from './settings-card';
import { SwitchRow } from './switch-row';
import { WithSettings } from './with-settings';

/**
 * Whether others see the "Owned volumes" shelf on the user's profile (issue 12). Off by default:
 * the owner always sees it; the server keeps the list from anyone else while it is off.
 */
export function OwnedVolumesCard() {
  const { t } = useTranslation('settings');
  const update = useUpdateSettingsMutation();
  return (
    <SettingsCard
      icon={<Library />}
      title={t('safety.ownedVolumes.title')}
      description={t('safety.ownedVolumes.description')}
    >
      <WithSettings>
        {(settings) => (
          <div className="settings-rows">
            <SwitchRow
              icon={<BookOpen />}
              label={t('safety.ownedVolumes.label')}
              description={t('safety.ownedVolumes.hint')}
              checked={settings.showOwnedVolumes}
              onCheckedChange={(on) => update.mutate({ showOwnedVolumes: on })}
            />
          </div>
        )}
      </WithSettings>
    </SettingsCard>
  );
}
