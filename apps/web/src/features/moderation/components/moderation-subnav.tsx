import { ClipboardList, Flag, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import './moderation.css';

const SECTIONS = [
  { to: '/moderation', key: 'queue', icon: Flag, end: true },
  { to: '/moderation/people', key: 'people', icon: Users, end: false },
  { to: '/moderation/audit', key: 'audit', icon: ClipboardList, end: false },
] as const;

/** Queue, People and Audit log as a segmented row of links (the current one is marked). */
export function ModerationSubnav() {
  const { t } = useTranslation('moderation');
  // A case page belongs to the queue.
  const onCase = useLocation().pathname.startsWith('/moderation/case/');
  return (
    <nav className="mod-subnav" aria-label={t('nav.section')}>
      <ul>
        {SECTIONS.map(({ to, key, icon: Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                isActive || (key === 'queue' && onCase)
                  ? 'mod-subnav__link is-active'
                  : 'mod-subnav__link'
              }
            >
              <Icon aria-hidden="true" />
              <span>{t(`nav.${key}`)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
