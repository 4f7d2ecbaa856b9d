import type { AccountStats } from '@otakura/shared';
import { Award, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCount } from '@/lib/format';
import { formatDate } from '@/lib/i18n';
import { useAccountStatsQuery } from '../api/get-account-stats';
import { apiErrorText } from '@/lib/api-error-text';
import { deriveAchievements } from '../utils/achievements';
import { AccountSection } from './account-section';

const NUMBERS: ReadonlyArray<keyof Omit<AccountStats, 'memberSince'>> = [
  'posts',
  'comments',
  'likesGiven',
  'likesReceived',
  'followers',
  'following',
  'communities',
];

/** Account Statistics: real counts from the server, and the date the account was made. */
export function AccountStatsSection() {
  const { t } = useTranslation('users');
  const query = useAccountStatsQuery();

  return (
    <AccountSection id="account-stats" title={t('stats.title')}>
      {query.isPending ? (
        <div className="account-stats" role="status">
          <span className="visually-hidden">{t('profile.loading')}</span>
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className="account-stats__tile" aria-hidden="true">
              <Skeleton shape="text" width="50%" height={24} />
              <Skeleton shape="text" width="70%" />
            </div>
          ))}
        </div>
      ) : query.isError ? (
        <div className="account-inline-error" role="alert">
          <p>{t('stats.error')}</p>
          <p className="account-muted">{apiErrorText(t, query.error)}</p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {t('stats.retry')}
          </Button>
        </div>
      ) : (
        <dl className="account-stats">
          {NUMBERS.map((key) => (
            <div key={key} className="account-stats__tile">
              <dt className="account-stats__label">{t(`stats.${key}`)}</dt>
              <dd className="account-stats__value">{formatCount(query.data[key])}</dd>
            </div>
          ))}
          <div className="account-stats__tile">
            <dt className="account-stats__label">{t('stats.memberSince')}</dt>
            <dd className="account-stats__value account-stats__value--date">
              {formatDate(query.data.memberSince)}
            </dd>
          </div>
        </dl>
      )}
    </AccountSection>
  );
}

/** User Achievements: badges earned from the real statistics, the rest with honest progress. */
export function AchievementsSection() {
  const { t } = useTranslation('users');
  const query = useAccountStatsQuery();
  const list = query.data ? deriveAchievements(query.data) : null;
  const earned = list?.filter((a) => a.earned).length ?? 0;

  return (
    <AccountSection
      id="account-achievements"
      title={t('achievements.title')}
      description={list ? t('achievements.summary', { earned, total: list.length }) : undefined}
    >
      {!list ? (
        query.isError ? (
          <p className="account-muted">{t('stats.error')}</p>
        ) : (
          <div className="achievements" role="status">
            <span className="visually-hidden">{t('profile.loading')}</span>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={64} style={{ borderRadius: 'var(--radius-control)' }} />
            ))}
          </div>
        )
      ) : (
        <ul className="achievements">
          {[...list]
            .sort((a, b) => Number(b.earned) - Number(a.earned))
            .map((a) => (
              <li
                key={a.id}
                className={a.earned ? 'achievement achievement--earned' : 'achievement'}
              >
                <span className="achievement__icon" aria-hidden="true">
                  {a.earned ? <Award /> : <Lock />}
                </span>
                <span className="achievement__text">
                  <span className="achievement__name">{t(`achievements.${a.id}`)}</span>
                  <span className="achievement__description">{t(`achievements.${a.id}Text`)}</span>
                </span>
                {a.earned ? (
                  <span className="achievement__state">{t('achievements.earned')}</span>
                ) : (
                  <span className="achievement__state achievement__state--progress">
                    <span className="achievement__meter" aria-hidden="true">
                      <span style={{ width: `${(a.current / a.goal) * 100}%` }} />
                    </span>
                    {t('achievements.progress', {
                      current: formatCount(a.current),
                      goal: formatCount(a.goal),
                    })}
                  </span>
                )}
              </li>
            ))}
        </ul>
      )}
    </AccountSection>
  );
}
