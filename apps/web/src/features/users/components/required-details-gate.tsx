import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { useMeQuery } from '../api/get-me';
import { RequiredDetailsScreen } from './required-details-screen';

/**
 * Spec §2: while the signed-in user's birthday, profile picture, banner or bio is missing,
 * the required-details screen shows instead of `children` (the feed). Once the server says
 * nothing is missing, the children show. If Me cannot be read, the children show anyway:
 * the gate is a step of onboarding, not a lock.
 */
export function RequiredDetailsGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('users');
  const me = useMeQuery();

  if (me.isPending) {
    return (
      <div className="required-gate-loading" role="status">
        <span className="visually-hidden">{t('profile.loading')}</span>
        <Skeleton width="30%" height={28} />
        <Skeleton
          width="100%"
          height={220}
          style={{ borderRadius: 'var(--radius-card)', marginTop: 24 }}
        />
      </div>
    );
  }
  if (me.data && me.data.requiredDetailsMissing.length > 0) {
    return <RequiredDetailsScreen me={me.data} />;
  }
  return <>{children}</>;
}
