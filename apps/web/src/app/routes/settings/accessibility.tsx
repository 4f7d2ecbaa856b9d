import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page/page';
import { LanguageCard } from '@/features/settings/components/language-card';
import { RatingPromptCard } from '@/features/settings/components/rating-prompt-card';
import { ReducedMotionCard } from '@/features/settings/components/reduced-motion-card';
import { ThemeCard } from '@/features/settings/components/theme-card';

/** /accessibility (spec §2): light/dark toggle, language, reduced motion, the rating prompt. */
export default function AccessibilityPage() {
  const { t } = useTranslation();
  return (
    <Page
      title={t('titles.accessibility')}
      subtitle={t('accessibility.subtitle', { ns: 'settings' })}
      width="narrow"
      className="settings-page"
    >
      <div className="settings-stack">
        <ThemeCard />
        <LanguageCard />
        <ReducedMotionCard />
        <RatingPromptCard />
      </div>
    </Page>
  );
}
