import type { Settings } from '@otakura/shared';
import { ArrowDownWideNarrow } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useUpdateSettingsMutation } from '../api/update-settings';
import { ChoiceGroup } from './choice-group';
import { SettingsCard } from './settings-card';
import { WithSettings } from './with-settings';

type Sort = Settings['defaultSort'];
const SORTS: readonly Sort[] = ['new', 'top'];

/** The feed's default order: New or Top. */
export function SortCard() {
  const { t } = useTranslation('settings');
  const update = useUpdateSettingsMutation();
  return (
    <SettingsCard
      icon={<ArrowDownWideNarrow />}
      title={t('content.sort.title')}
      description={t('content.sort.description')}
    >
      <WithSettings rows={2}>
        {(settings) => (
          <ChoiceGroup
            legend={t('content.sort.legend')}
            hideLegend
            layout="row"
            value={settings.defaultSort}
            onChange={(defaultSort) => update.mutate({ defaultSort })}
            options={SORTS.map((value) => ({
              value,
              label: t(`content.sort.${value}.label`),
              description: t(`content.sort.${value}.description`),
            }))}
          />
        )}
      </WithSettings>
    </SettingsCard>
  );
}
