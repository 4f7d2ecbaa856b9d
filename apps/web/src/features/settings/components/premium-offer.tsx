import { CalendarClock, Crown, HeartHandshake, ShieldOff } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { PRODUCT_NAME } from '@/lib/product';
import { useAppConfigQuery } from '../api/get-app-config';
import { formatMoney } from '../utils/format';
import './settings.css';

const BENEFITS: ReadonlyArray<{ key: 'noAds' | 'support' | 'cancel'; icon: ReactNode }> = [
  { key: 'noAds', icon: <ShieldOff /> },
  { key: 'support', icon: <HeartHandshake /> },
  { key: 'cancel', icon: <CalendarClock /> },
];

/**
 * What premium gives and its one configured monthly price (PREMIUM_PRICE_CENTS, CURRENCY). Spec §9:
 * premium is shown Disabled, so the button is disabled and says so; nothing can be bought here.
 */
export function PremiumOffer() {
  const { t } = useTranslation('settings');
  const config = useAppConfigQuery();
  const noteId = useId();
  const benefitsId = useId();

  return (
    <div className="premium">
      <Card padding="lg" className="premium__hero">
        <span className="premium__badge" aria-hidden="true">
          <Crown />
        </span>
        <p className="premium__pitch">{t('premium.pitch', { product: PRODUCT_NAME })}</p>
        <div className="premium__price" aria-live="polite">
          {config.data ? (
            <>
              <span className="premium__amount tabular-nums">
                {formatMoney(config.data.premiumMonthlyPriceCents, config.data.currency)}
              </span>
              <span className="premium__period">{t('premium.perMonth')}</span>
            </>
          ) : config.isError ? (
            <span className="premium__period">{t('premium.priceUnavailable')}</span>
          ) : (
            <Skeleton width={140} height={40} />
          )}
        </div>
        <Button size="lg" block disabled aria-describedby={noteId} className="premium__button">
          {t('premium.disabled')}
        </Button>
        <p id={noteId} className="premium__note">
          {t('premium.notAvailable')}
        </p>
      </Card>

      <Card asChild padding="lg">
        <section aria-labelledby={benefitsId}>
          <h2 id={benefitsId} className="settings-card__title">
            {t('premium.benefitsTitle')}
          </h2>
          <ul className="premium__benefits">
            {BENEFITS.map(({ key, icon }) => (
              <li key={key} className="premium__benefit">
                <span className="premium__benefit-icon" aria-hidden="true">
                  {icon}
                </span>
                <span>
                  <strong className="premium__benefit-title">
                    {t(`premium.benefits.${key}.title`, { product: PRODUCT_NAME })}
                  </strong>
                  <span className="premium__benefit-text">
                    {t(`premium.benefits.${key}.description`, { product: PRODUCT_NAME })}
                  </span>
                </span>
              </li>
            ))}
          </ul>
          <p className="settings-note">
            {t('premium.termsBefore')}{' '}
            <Link to="/terms-and-conditions">{t('premium.termsLink')}</Link>
          </p>
        </section>
      </Card>
    </div>
  );
}
