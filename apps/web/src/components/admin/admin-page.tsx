import clsx from 'clsx';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { Page } from '@/components/page/page';
import './admin-page.css';

/** The admin area's sections, in the order of the sub-navigation. */
export const ADMIN_SECTIONS = [
  { to: '/admin', key: 'overview', end: true },
  { to: '/admin/communities', key: 'communities', end: false },
  { to: '/admin/media', key: 'media', end: false },
  { to: '/admin/shop', key: 'shop', end: false },
  { to: '/admin/orders', key: 'orders', end: false },
] as const;

/** The admin area's sub-navigation: Overview · Communities · Media · Shop · Orders. */
export function AdminNav({ className }: { className?: string }) {
  const { t } = useTranslation('admin');
  return (
    <nav className={clsx('admin-nav', className)} aria-label={t('shell.navLabel')}>
      <ul className="admin-nav__list">
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.to}>
            <NavLink to={section.to} end={section.end} className="admin-nav__link">
              {t(`shell.sections.${section.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export interface AdminPageProps {
  /** The page's one h1 and the tab title. */
  title: string;
  subtitle?: ReactNode;
  /** Buttons at the heading's right (for example "New community"). */
  actions?: ReactNode;
  /** A link back up (an editor's list). */
  back?: { to: string; label: string };
  /** `narrow` for editors, `wide` (default) for lists. */
  width?: 'narrow' | 'wide';
  children?: ReactNode;
  className?: string;
}

/**
 * Every admin screen: the sub-navigation, an optional back link, then the page (its h1, actions
 * and content). The server checks the admin role on every route; this is only the frame.
 */
export function AdminPage({
  title,
  subtitle,
  actions,
  back,
  width = 'wide',
  children,
  className,
}: AdminPageProps) {
  return (
    <div className={clsx('admin-page', `admin-page--${width}`)}>
      <AdminNav />
      {back ? (
        <Link to={back.to} className="admin-page__back">
          <ArrowLeft aria-hidden="true" />
          {back.label}
        </Link>
      ) : null}
      <Page
        title={title}
        subtitle={subtitle}
        actions={actions}
        width={width}
        className={clsx('admin-page__page', className)}
      >
        {children}
      </Page>
    </div>
  );
}
