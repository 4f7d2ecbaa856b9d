import { Smartphone } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { PRODUCT_NAME } from '@/lib/product';
import { MOBILE_REDIRECT_DELAY_MS } from '../utils/mobile';
import './settings.css';

export interface MobileAppInterstitialProps {
  /** The configured MOBILE_APP_URL, opened as is. */
  url: string;
  /** Goes to the app (the browser leaves the web app). */
  onOpenApp: (url: string) => void;
  /** The user chose the web: remember it and close. */
  onStay: () => void;
}

/**
 * "Get the app" screen for phone browsers: opens the app after 2 s unless the user chooses
 * "Stay on the web" (or touches the screen to read it first). Coming back from the app listing
 * shows the two choices, without opening it again.
 */
export function MobileAppInterstitial({ url, onOpenApp, onStay }: MobileAppInterstitialProps) {
  const { t } = useTranslation('settings');
  const [phase, setPhase] = useState<'counting' | 'waiting'>('counting');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    timer.current = setTimeout(() => {
      setPhase('waiting');
      onOpenApp(url);
    }, MOBILE_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [url, onOpenApp]);

  const hold = () => {
    clearTimeout(timer.current);
    setPhase('waiting');
  };

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onStay();
      }}
      size="sm"
      title={t('mobile.title', { product: PRODUCT_NAME })}
      description={t('mobile.description', { product: PRODUCT_NAME })}
      className="mobile-interstitial"
      footer={
        <div className="mobile-interstitial__actions" onPointerDown={hold}>
          <Button asChild block size="lg">
            <a href={url} onClick={hold}>
              {t('mobile.open')}
            </a>
          </Button>
          <Button variant="secondary" block size="lg" onClick={onStay}>
            {t('mobile.stay')}
          </Button>
        </div>
      }
    >
      <div className="mobile-interstitial__body" onPointerDown={hold}>
        <span className="mobile-interstitial__icon" aria-hidden="true">
          <Smartphone />
        </span>
        <p role="status">{phase === 'counting' ? t('mobile.opening') : t('mobile.choose')}</p>
        <p className="settings-note">{t('mobile.remembered')}</p>
      </div>
    </Modal>
  );
}
