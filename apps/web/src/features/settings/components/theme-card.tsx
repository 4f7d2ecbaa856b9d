import { Moon, SunMoon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '@/lib/theme';
import { SettingsCard } from './settings-card';
import { SwitchRow } from './switch-row';

/** Light/dark toggle; kept in local storage on this device, dark by default. */
export function ThemeCard() {
  const { t } = useTranslation('settings');
  const { theme, setTheme } = useTheme();
  return (
    <SettingsCard
      icon={<SunMoon />}
      title={t('accessibility.theme.title')}
      description={t('accessibility.theme.description')}
    >
      <SwitchRow
        icon={<Moon />}
        label={t('accessibility.theme.dark')}
        description={
          theme === 'dark' ? t('accessibility.theme.isDark') : t('accessibility.theme.isLight')
        }
        checked={theme === 'dark'}
        onCheckedChange={(dark) => setTheme(dark ? 'dark' : 'light')}
      />
    </SettingsCard>
  );
}
