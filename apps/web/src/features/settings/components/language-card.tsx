import type { Settings } from '@otakura/shared';
import { Languages } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber, LANGUAGE_STORAGE_KEY, LANGUAGES, setLanguage } from '@/lib/i18n';
import { storage } from '@/lib/storage';
import { useUpdateSettingsMutation } from '../api/update-settings';
import { ChoiceGroup } from './choice-group';
import { SettingsCard } from './settings-card';

type LanguageChoice = Settings['language'];

function readChoice(): LanguageChoice {
  const stored = storage.get(LANGUAGE_STORAGE_KEY);
  return stored === 'en' || stored === 'ja' ? stored : 'auto';
}

/** A date and a number shown in the current language, so the effect of the choice is visible. */
const SAMPLE_DATE = new Date(2025, 2, 14, 18, 30);
const SAMPLE_NUMBER = 1234567.89;

/**
 * Automatic (the browser's language), English or 日本語. Applied at once and kept on this device;
 * also saved with the account so other devices can follow.
 */
export function LanguageCard() {
  const { t } = useTranslation('settings');
  const [choice, setChoice] = useState<LanguageChoice>(readChoice);
  const update = useUpdateSettingsMutation();

  const change = (next: LanguageChoice) => {
    setChoice(next);
    void setLanguage(next === 'auto' ? null : next);
    update.mutate({ language: next });
  };

  return (
    <SettingsCard
      icon={<Languages />}
      title={t('accessibility.language.title')}
      description={t('accessibility.language.description')}
    >
      <ChoiceGroup
        legend={t('accessibility.language.title')}
        hideLegend
        value={choice}
        onChange={change}
        options={[
          {
            value: 'auto',
            label: t('accessibility.language.auto'),
            description: t('accessibility.language.autoDescription'),
          },
          ...LANGUAGES.map(({ code, label }) => ({ value: code, label, lang: code })),
        ]}
      />
      <p className="settings-note">
        {t('accessibility.language.sample', {
          date: formatDate(SAMPLE_DATE, { dateStyle: 'long', timeStyle: 'short' }),
          number: formatNumber(SAMPLE_NUMBER),
        })}
      </p>
    </SettingsCard>
  );
}
