import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { NavIcon, TOP_NAV } from './nav-items';

/**
 * Phones: the top bar's destinations as a bottom tab bar, icons over short labels, the current
 * one marked. Each link's name is the full label ('Create post'), which contains the short one.
 */
export function TabBar() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.label')} className="tabbar">
      <ul className="tabbar__list">
        {TOP_NAV.map((entry) => {
          const label = t(entry.labelKey);
          return (
            <li key={entry.to} className="tabbar__item">
              <NavLink to={entry.to} aria-label={label} className="tabbar__link">
                <span className="tabbar__icon">
                  <NavIcon entry={entry} label={label} />
                </span>
                <span className="tabbar__label">{t(entry.shortLabelKey)}</span>
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
