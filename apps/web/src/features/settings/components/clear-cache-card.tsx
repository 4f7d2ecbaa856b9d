import { useQueryClient } from '@tanstack/react-query';
import { HardDrive } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { clearSiteData, estimateStorageUsage } from '../utils/clear-site-data';
import { formatMegabytes } from '../utils/format';
import { SettingsCard } from './settings-card';
import './settings.css';

type Usage = { state: 'measuring' } | { state: 'known'; bytes: number } | { state: 'unknown' };

/**
 * Clear cache: the browser's real estimate of what this site stores, and a button that clears it
 * (caches, IndexedDB, session and local storage except the display and language choices), then
 * measures again. The session cookie is httpOnly and stays: the user remains signed in.
 */
export function ClearCacheCard() {
  const { t } = useTranslation('settings');
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [usage, setUsage] = useState<Usage>({ state: 'measuring' });
  const [open, setOpen] = useState(false);

  const measure = useCallback(async () => {
    const bytes = await estimateStorageUsage();
    setUsage(bytes === null ? { state: 'unknown' } : { state: 'known', bytes });
    return bytes;
  }, []);

  useEffect(() => {
    let live = true;
    void estimateStorageUsage().then((bytes) => {
      if (live) setUsage(bytes === null ? { state: 'unknown' } : { state: 'known', bytes });
    });
    return () => {
      live = false;
    };
  }, []);

  const clear = async () => {
    try {
      await clearSiteData();
      // Data of pages not on screen goes too; what is on screen stays until it is refetched.
      queryClient.removeQueries({ type: 'inactive' });
      const bytes = await measure();
      toast({
        variant: 'success',
        title: t('content.cache.cleared'),
        description:
          bytes === null
            ? undefined
            : t('content.cache.nowUsing', { size: formatMegabytes(bytes) }),
      });
    } catch (error) {
      toast({ variant: 'error', title: t('content.cache.failed') });
      throw error;
    }
  };

  return (
    <SettingsCard
      icon={<HardDrive />}
      title={t('content.cache.title')}
      description={t('content.cache.description')}
    >
      <div className="cache-row">
        <div className="cache-row__size" aria-live="polite">
          <span className="cache-row__label">{t('content.cache.size')}</span>
          <span className="cache-row__value tabular-nums">
            {usage.state === 'known'
              ? t('content.cache.megabytes', { size: formatMegabytes(usage.bytes) })
              : usage.state === 'unknown'
                ? t('content.cache.unknown')
                : t('content.cache.measuring')}
          </span>
        </div>
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          trigger={<Button variant="secondary">{t('content.cache.clear')}</Button>}
          title={t('content.cache.confirmTitle')}
          description={t('content.cache.confirmDescription')}
          confirmLabel={t('content.cache.clear')}
          tone="primary"
          onConfirm={clear}
        />
      </div>
    </SettingsCard>
  );
}
