import { Waves } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  setMotionChoice,
  useMotionChoice,
  useSystemReducedMotion,
  type MotionChoice,
} from '@/lib/motion';
import { ChoiceGroup } from './choice-group';
import { SettingsCard } from './settings-card';

/** Reduced motion: follow the system (default), or always on / always off on this device. */
export function ReducedMotionCard() {
  const { t } = useTranslation('settings');
  const choice = useMotionChoice();
  const system = useSystemReducedMotion();
  const options: ReadonlyArray<{ value: MotionChoice; label: string; description: string }> = [
    {
      value: 'system',
      label: t('accessibility.motion.system'),
      description: system
        ? t('accessibility.motion.systemOn')
        : t('accessibility.motion.systemOff'),
    },
    {
      value: 'on',
      label: t('accessibility.motion.on'),
      description: t('accessibility.motion.onDescription'),
    },
    {
      value: 'off',
      label: t('accessibility.motion.off'),
      description: t('accessibility.motion.offDescription'),
    },
  ];
  return (
    <SettingsCard
      icon={<Waves />}
      title={t('accessibility.motion.title')}
      description={t('accessibility.motion.description')}
    >
      <ChoiceGroup
        legend={t('accessibility.motion.title')}
        hideLegend
        value={choice}
        onChange={setMotionChoice}
        options={options}
      />
    </SettingsCard>
  );
}
