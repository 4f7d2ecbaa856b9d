import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import './account.css';

/** /your-account while Me loads: cards shaped like the forms. */
export function AccountSkeleton() {
  const { t } = useTranslation('users');
  return (
    <div className="account-page page" role="status">
      <span className="visually-hidden">{t('profile.loading')}</span>
      {[3, 1, 1].map((rows, i) => (
        <Card key={i} padding="lg" className="account-section" aria-hidden="true">
          <Skeleton shape="text" width={160} height={22} />
          {Array.from({ length: rows }, (_, j) => (
            <div key={j} className="account-form">
              <Skeleton shape="text" width={90} />
              <Skeleton height={40} style={{ borderRadius: 'var(--radius-control)' }} />
            </div>
          ))}
        </Card>
      ))}
    </div>
  );
}
