import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { useMeQuery } from '../api/get-me';
import './required-details-gate.css';

/* Only a user with details missing sees the screen: its code (with the picture upload) is
   fetched then, not on every feed's first load (docs/web.md, "Bundle and code splitting"). */
const RequiredDetailsScreen = lazy(() =>
  import('./required-details-screen').then((m) => ({ default: m.RequiredDetailsScreen })),
);

/**
 * Spec §2: while the signed-in user's birthday, profile picture, banner or bio is missing,
 * the required-details screen shows instead of `children` (the feed). Once the server says
 * nothing is missing, the children show. If Me cannot be read, the children show anyway:
 * the gate is a step of onboarding, not a lock.
 */
export function RequiredDetailsGate({ children }: { children: ReactNode }) {
  const me = useMeQuery();

  if (me.isPending) return <GateLoading />;
  if (me.data && me.data.requiredDetailsMissing.length > 0) {
    return (
      <Suspense fallback={<GateLoading />}>
        <RequiredDetailsScreen me={me.data} />
      </Suspense>
    );
  }
  return <>{children}</>;
}

function GateLoading() {
  const { t } = useTranslation('users');
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
