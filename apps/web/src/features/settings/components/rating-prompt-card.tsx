import { Star, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { PRODUCT_NAME } from '@/lib/product';
import { useAppConfigQuery } from '../api/get-app-config';
import { useSettingsQuery } from '../api/get-settings';
import { useUpdateSettingsMutation } from '../api/update-settings';
import { SettingsCard } from './settings-card';
import './settings.css';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * Asks once for a rating of 1 to 5 stars. Rating or dismissing marks it seen on the server
 * (`ratingPromptSeen`), so it never shows again on any device. A low rating offers the contact
 * address, so the feedback can go somewhere useful.
 */
export function RatingPromptCard() {
  const { t } = useTranslation('settings');
  const settings = useSettingsQuery();
  const update = useUpdateSettingsMutation();
  const [stars, setStars] = useState<number | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const name = useId();

  if (sent !== null) return <RatingThanks stars={sent} />;
  if (!settings.data || settings.data.ratingPromptSeen) return null;

  // Optimistic like every setting: the prompt goes (or thanks) at once, and comes back with a
  // toast if the server could not record it.
  const markSeen = (rated: number | null) => {
    if (rated !== null) setSent(rated);
    update.mutate({ ratingPromptSeen: true }, { onError: () => setSent(null) });
  };

  return (
    <SettingsCard
      icon={<Star />}
      className="rating-card"
      title={t('accessibility.rating.title', { product: PRODUCT_NAME })}
      description={t('accessibility.rating.description')}
      actions={
        <IconButton
          aria-label={t('accessibility.rating.dismiss')}
          onClick={() => markSeen(null)}
          disabled={update.isPending}
        >
          <X aria-hidden="true" />
        </IconButton>
      }
    >
      <form
        className="rating-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (stars !== null) markSeen(stars);
        }}
      >
        <fieldset className="rating-stars">
          <legend className="visually-hidden">{t('accessibility.rating.legend')}</legend>
          {STARS.map((n) => (
            <label
              key={n}
              className="rating-star"
              data-on={stars !== null && n <= stars ? '' : undefined}
            >
              <input
                type="radio"
                name={name}
                value={n}
                checked={stars === n}
                onChange={() => setStars(n)}
                className="rating-star__input"
                aria-label={t('accessibility.rating.stars', { count: n })}
              />
              <Star aria-hidden="true" className="rating-star__icon" />
            </label>
          ))}
        </fieldset>
        <div className="rating-form__actions">
          <Button type="submit" disabled={stars === null} loading={update.isPending}>
            {t('accessibility.rating.submit')}
          </Button>
          <Button variant="ghost" onClick={() => markSeen(null)} disabled={update.isPending}>
            {t('accessibility.rating.notNow')}
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}

function RatingThanks({ stars }: { stars: number }) {
  const { t } = useTranslation('settings');
  const config = useAppConfigQuery({ enabled: stars <= 3 });
  const email = config.data?.contactEmail;
  return (
    <SettingsCard
      icon={<Star />}
      className="rating-card"
      title={t('accessibility.rating.thanks', { product: PRODUCT_NAME })}
    >
      <p role="status">
        {stars > 3 ? (
          t('accessibility.rating.thanksHigh', { count: stars })
        ) : email ? (
          <Trans
            t={t}
            i18nKey="accessibility.rating.thanksLow"
            values={{ email }}
            components={{ mail: <a href={`mailto:${email}`} /> }}
          />
        ) : (
          t('accessibility.rating.thanksLowNoEmail')
        )}
      </p>
    </SettingsCard>
  );
}
