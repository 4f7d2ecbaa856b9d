import type { Role } from '@otakura/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { useSession } from '../hooks/use-session';

/** The signed-in user's role ('user' when the session says nothing else). */
export function useRole(): Role {
  const session = useSession();
  const role = session.status === 'signed-in' ? session.user.role : null;
  return role === 'admin' || role === 'moderator' ? role : 'user';
}

/**
 * Pages for staff only. The server checks the role on every route of these pages; this only
 * spares a user a screen of refusals.
 */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { t } = useTranslation();
  const role = useRole();
  if (!roles.includes(role)) {
    return (
      <div className="page page--narrow">
        <EmptyState
          headingLevel={1}
          title={t('staffOnly.title')}
          description={t('staffOnly.description')}
        />
      </div>
    );
  }
  return children;
}
