import { ChevronRight, FileText, ScrollText, Shield, Handshake } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SettingsCard } from './settings-card';
import './settings.css';

const LINKS: ReadonlyArray<{
  to: string;
  key: 'terms' | 'privacy' | 'agreement';
  icon: ReactNode;
}> = [
  { to: '/terms-and-conditions', key: 'terms', icon: <ScrollText /> },
  { to: '/privacy-policy', key: 'privacy', icon: <Shield /> },
  { to: '/user-agreement', key: 'agreement', icon: <Handshake /> },
];

/** Spec §2 Privacy and Safety: links to the three legal pages. */
export function LegalLinksCard() {
  const { t } = useTranslation('settings');
  return (
    <SettingsCard
      icon={<FileText />}
      title={t('safety.legal.title')}
      description={t('safety.legal.description')}
    >
      <ul className="link-list">
        {LINKS.map(({ to, key, icon }) => (
          <li key={to}>
            <Link to={to} className="link-list__item">
              <span className="link-list__icon" aria-hidden="true">
                {icon}
              </span>
              <span className="link-list__text">
                <span className="link-list__title">{t(`safety.legal.${key}.title`)}</span>
                <span className="link-list__description">
                  {t(`safety.legal.${key}.description`)}
                </span>
              </span>
              <ChevronRight className="link-list__chevron" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </SettingsCard>
  );
}
