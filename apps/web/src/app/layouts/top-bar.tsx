import clsx from 'clsx';
import { Menu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { IconButton } from '@/components/ui/icon-button';
import { useSession } from '@/features/auth/hooks/use-session';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { NavIcon, TOP_NAV } from './nav-items';
import { SearchBox, searchAreaFor } from './search-box';
import { useScrolled } from './use-scrolled';
import './top-bar.css';

export { TOP_NAV } from './nav-items';

/**
 * Spec §2 top bar: the logo, the search box on the pages that have one, icon links to feed,
 * media, search, create-post, shop and profile, and the notifications bell with its unread badge.
 * On phones (`showNav` false) the links live in the bottom tab bar and the top bar keeps the
 * menu, the logo, the search box and the bell on one row.
 */
export function TopBar({
  onOpenMenu,
  menuOpen,
  showNav = true,
}: {
  onOpenMenu: () => void;
  menuOpen: boolean;
  showNav?: boolean;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const scrolled = useScrolled();
  const searchArea = searchAreaFor(pathname);
  const session = useSession();
  const viewerId = session.status === 'signed-in' ? session.user.id : null;

  return (
    <header
      className={clsx(
        'topbar',
        scrolled && 'topbar--scrolled',
        searchArea && 'topbar--with-search',
      )}
    >
      <div className="topbar__inner">
        <IconButton
          className="topbar__menu"
          aria-label={t('menu.open')}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={onOpenMenu}
        >
          <Menu aria-hidden="true" />
        </IconButton>
        <Link to="/feed" className="topbar__brand">
          <Logo />
        </Link>
        <div className="topbar__search">
          {searchArea ? <SearchBox key={searchArea.area} {...searchArea} /> : null}
        </div>
        <div className="topbar__end">
          {showNav ? (
            <nav aria-label={t('nav.label')} className="topbar__nav">
              <ul className="topbar__nav-list">
                {TOP_NAV.map((entry) => {
                  const label = t(entry.labelKey);
                  return (
                    <li key={entry.to}>
                      <NavLink
                        to={entry.to}
                        aria-label={label}
                        title={label}
                        className="topbar__nav-link"
                      >
                        <NavIcon entry={entry} label={label} />
                      </NavLink>
                    </li>
                  );
                })}
              </ul>
            </nav>
          ) : null}
          <NotificationBell viewerId={viewerId} />
        </div>
      </div>
    </header>
  );
}
