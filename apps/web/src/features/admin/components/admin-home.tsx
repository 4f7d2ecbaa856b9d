import { Clapperboard, Package, ShieldAlert, ShoppingBag, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminPage } from '@/components/admin/admin-page';
import { useQueueCountQuery } from '../api/orders';
import './admin-lists.css';
import './admin-home.css';

interface HomeCard {
  to: string;
  key: 'communities' | 'media' | 'shop' | 'orders' | 'moderation';
  icon: ReactNode;
}

const CARDS: HomeCard[] = [
  { to: '/admin/communities', key: 'communities', icon: <Users /> },
  { to: '/admin/media', key: 'media', icon: <Clapperboard /> },
  { to: '/admin/shop', key: 'shop', icon: <ShoppingBag /> },
  { to: '/admin/orders', key: 'orders', icon: <Package /> },
  { to: '/moderation', key: 'moderation', icon: <ShieldAlert /> },
];

/** `/admin`: a card per area (the moderation card says how many reports are open). */
export function AdminHome() {
  const { t } = useTranslation('admin');
  const queue = useQueueCountQuery();

  return (
    <AdminPage title={t('home.title')} subtitle={t('home.subtitle')}>
      <ul className="admin-home">
        {CARDS.map((card) => (
          <li key={card.key}>
            <Link to={card.to} className="admin-home__card">
              <span className="admin-home__icon" aria-hidden="true">
                {card.icon}
              </span>
              <span className="admin-home__text">
                <span className="admin-home__title">{t(`home.cards.${card.key}.title`)}</span>
                <span className="admin-home__description">
                  {t(`home.cards.${card.key}.description`)}
                </span>
                {card.key === 'moderation' && queue.data ? (
                  <span className="admin-home__count">
                    <span className="admin-badge admin-badge--warning">
                      {t('home.openReports', { count: queue.data.open })}
                    </span>
                    {queue.data.overdue > 0 ? (
                      <span className="admin-badge admin-badge--danger">
                        {t('home.overdue', { count: queue.data.overdue })}
                      </span>
                    ) : null}
                  </span>
                ) : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </AdminPage>
  );
}
