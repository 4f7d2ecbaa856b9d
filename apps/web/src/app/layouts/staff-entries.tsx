import { Gavel, ShieldHalf } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { ModerationNavBadge } from '@/features/moderation/components/moderation-nav-badge';

/** Moderation (with the open case count) for moderators and admins; Admin for admins only. */
export function StaffEntries({
  role,
  onNavigate,
}: {
  role: 'moderator' | 'admin';
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('moderation');
  return (
    <>
      <li className="sidebar__staff">
        <NavLink to="/moderation" className="sidebar__link" onClick={onNavigate}>
          <ShieldHalf className="sidebar__icon" aria-hidden="true" />
          <span>{t('nav.moderation')}</span>
          <ModerationNavBadge />
        </NavLink>
      </li>
      {role === 'admin' ? (
        <li>
          <NavLink to="/admin" className="sidebar__link" onClick={onNavigate}>
            <Gavel className="sidebar__icon" aria-hidden="true" />
            <span>{t('nav.admin')}</span>
          </NavLink>
        </li>
      ) : null}
    </>
  );
}
