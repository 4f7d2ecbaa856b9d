import type { Settings } from '@otakura/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useSettingsQuery } from '../api/get-settings';
import './settings.css';

/**
 * Renders its children with the user's settings; rows shaped like the content while they load,
 * and a retry when they could not be loaded.
 */
export function WithSettings({
  rows = 1,
  children,
}: {
  /** How many setting rows the skeleton shows. */
  rows?: number;
  children: (settings: Settings) => ReactNode;
}) {
  const { t } = useTranslation('settings');
  const query = useSettingsQuery();
  if (query.data) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <div className="settings-error" role="alert">
        <p>{t('errors.loadFailed')}</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          {t('errors.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className="settings-skeleton" role="status" aria-label={t('loading', { ns: 'common' })}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="settings-skeleton__row">
          <div className="settings-skeleton__text">
            <Skeleton shape="text" width="45%" />
            <Skeleton shape="text" width="80%" />
          </div>
          <Skeleton shape="rect" width={48} height={28} />
        </div>
      ))}
    </div>
  );
}
