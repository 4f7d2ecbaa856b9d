import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import './profile-view.css';

/** The profile's boxes at their final sizes (3:1 banner, round avatar), so nothing jumps. */
export function ProfileSkeleton() {
  const { t } = useTranslation('users');
  return (
    <div className="profile profile--skeleton" role="status">
      <span className="visually-hidden">{t('profile.loading')}</span>
      <div className="profile__hero">
        <div className="profile__banner">
          <Skeleton />
        </div>
      </div>
      <div className="profile__head">
        <div className="profile__avatar">
          <Skeleton shape="circle" width="100%" height="100%" />
        </div>
      </div>
      <div className="profile__identity">
        <Skeleton shape="text" width={180} height={28} />
        <Skeleton shape="text" width={120} />
      </div>
      <div className="profile__about">
        <Skeleton shape="text" width="80%" />
        <Skeleton shape="text" width="55%" />
      </div>
      <div className="profile__counts" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="profile__count">
            <Skeleton shape="text" width={96} height={22} />
          </div>
        ))}
      </div>
    </div>
  );
}
