import clsx from 'clsx';
import {
  Clapperboard,
  House,
  Menu,
  Search,
  ShoppingBag,
  SquarePlus,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { Avatar } from '@/components/ui/avatar';
import { IconButton } from '@/components/ui/icon-button';
import { useSession } from '@/features/auth/hooks/use-session';
import { useMeQuery } from '@/features/users/api/get-me';
import { SearchBox, searchAreaFor } from './search-box';
import { useScrolled } from './use-scrolled';

interface NavEntry {
  to: string;
  /** Key in the `common` namespace. */
  labelKey: string;
  icon: LucideIcon | null;
}

/** Spec §2 top bar: icon links to feed, media, search, create-post, shop and profile. */
export const TOP_NAV: readonly NavEntry[] = [
  { to: '/feed', labelKey: 'nav.feed', icon: House },
  { to: '/media', labelKey: 'nav.media', icon: Clapperboard },
  { to: '/search', labelKey: 'nav.search', icon: Search },
  { to: '/create-post', labelKey: 'nav.createPost', icon: SquarePlus },
  { to: '/shop', labelKey: 'nav.shop', icon: ShoppingBag },
  { to: '/profile', labelKey: 'nav.profile', icon: null },
];

export function TopBar({ onOpenMenu, menuOpen }: { onOpenMenu: () => void; menuOpen: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const scrolled = useScrolled();
  const searchArea = searchAreaFor(pathname);
  const session = useSession();
  const { data: me } = useMeQuery();
  const user = session.status === 'signed-in' ? session.user : null;

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
        <nav aria-label={t('nav.label')} className="topbar__nav">
          <ul className="topbar__nav-list">
            {TOP_NAV.map(({ to, labelKey, icon: Icon }) => {
              const label = t(labelKey);
              return (
                <li key={to}>
                  <NavLink to={to} aria-label={label} title={label} className="topbar__nav-link">
                    {Icon ? (
                      <Icon aria-hidden="true" />
                    ) : (
                      // The picture only, never initials: the link's name is its label, and
                      // visible letters that differ from it would confuse speech input.
                      <span className="topbar__avatar-slot" aria-hidden="true">
                        {me?.avatarUrl ? (
                          <Avatar
                            name={user?.name || label}
                            src={me.avatarUrl}
                            size={24}
                            decorative
                            className="topbar__avatar"
                          />
                        ) : (
                          <UserRound aria-hidden="true" />
                        )}
                      </span>
                    )}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
    </header>
  );
}
