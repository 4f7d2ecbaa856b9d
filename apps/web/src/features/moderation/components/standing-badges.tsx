import type { UserStanding } from '@otakura/shared';
import { Ban, ShieldCheck, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/i18n';

/** Role (staff only), suspension and warnings of a person, as small labelled badges. */
export function StandingBadges({ standing }: { standing: UserStanding }) {
  const { t } = useTranslation('moderation');
  if (standing.role === 'user' && !standing.suspended && standing.warningCount === 0) return null;
  return (
    <span className="mod-badges">
      {standing.role !== 'user' ? (
        <span className="mod-badge mod-badge--staff">
          <ShieldCheck aria-hidden="true" />
          {t(`standing.role.${standing.role}`)}
        </span>
      ) : null}
      {standing.suspended ? (
        <span className="mod-badge mod-badge--danger">
          <Ban aria-hidden="true" />
          {standing.suspendedUntil
            ? t('standing.suspendedUntil', {
                date: formatDate(standing.suspendedUntil, { dateStyle: 'medium' }),
              })
            : t('standing.suspendedForGood')}
        </span>
      ) : null}
      {standing.warningCount > 0 ? (
        <span className="mod-badge mod-badge--warn">
          <TriangleAlert aria-hidden="true" />
          {t('standing.warnings', { count: standing.warningCount })}
        </span>
      ) : null}
    </span>
  );
}
