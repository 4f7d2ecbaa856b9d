import type { Me, RequiredDetail } from '@otakura/shared';
import clsx from 'clsx';
import { Cake, Check, CircleUserRound, Image as ImageIcon, PenLine } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/components/page/page';
import { PRODUCT_NAME } from '@/lib/product';
import { ImageUploadModal } from './image-upload-modal';
import { SetOnceField } from './set-once-field';
import './required-details-screen.css';

const ORDER: readonly RequiredDetail[] = ['birthday', 'profileImage', 'bannerImage', 'bio'];

const ICONS: Record<RequiredDetail, ReactNode> = {
  birthday: <Cake />,
  profileImage: <CircleUserRound />,
  bannerImage: <ImageIcon />,
  bio: <PenLine />,
};

/**
 * The required-details screen: each missing detail (birthday, profile picture, banner, bio)
 * filled right here with the profile's own inputs and upload modals. Finished steps stay
 * visible with a check, so the user sees how far along they are.
 */
export function RequiredDetailsScreen({ me }: { me: Me }) {
  const { t } = useTranslation('users');
  const [upload, setUpload] = useState<'avatar' | 'banner' | null>(null);
  useDocumentTitle(t('required.title'));
  const missing = new Set(me.requiredDetailsMissing);
  const done = ORDER.filter((d) => !missing.has(d)).length;
  const name = me.name || me.username;

  const body: Record<RequiredDetail, ReactNode> = {
    birthday: <SetOnceField field="birthday" hideLabel />,
    profileImage: (
      <div className="required__upload">
        <Avatar src={me.avatarUrl} name={name} size={48} decorative />
        <Button variant="secondary" onClick={() => setUpload('avatar')}>
          {t('required.uploadAvatar')}
        </Button>
      </div>
    ),
    bannerImage: (
      <div className="required__upload">
        <span className="required__banner-thumb" aria-hidden="true">
          {me.bannerUrl ? <img src={me.bannerUrl} alt="" /> : null}
        </span>
        <Button variant="secondary" onClick={() => setUpload('banner')}>
          {t('required.uploadBanner')}
        </Button>
      </div>
    ),
    bio: <SetOnceField field="bio" hideLabel />,
  };

  return (
    <section className="required" aria-labelledby="required-title">
      <header className="required__header">
        <h1 id="required-title">{t('required.title')}</h1>
        <p className="required__description">{t('required.description')}</p>
        <div className="required__progress">
          <div
            className="required__bar"
            role="progressbar"
            aria-labelledby="required-progress-text"
            aria-valuemin={0}
            aria-valuemax={ORDER.length}
            aria-valuenow={done}
          >
            <span style={{ width: `${(done / ORDER.length) * 100}%` }} />
          </div>
          <span id="required-progress-text" className="required__progress-text">
            {t('required.progress', { done, total: ORDER.length })}
          </span>
        </div>
      </header>

      <ol className="required__steps">
        {ORDER.map((detail) => {
          const isDone = !missing.has(detail);
          return (
            <li
              key={detail}
              className={clsx('required__step', isDone && 'required__step--done')}
              aria-labelledby={`required-${detail}`}
            >
              <span className="required__icon" aria-hidden="true">
                {isDone ? <Check /> : ICONS[detail]}
              </span>
              <div className="required__content">
                <div className="required__titles">
                  <h2 id={`required-${detail}`} className="required__step-title">
                    {t(`required.${detail}`)}
                  </h2>
                  <p className="required__why">
                    {isDone
                      ? t('required.done')
                      : t(`required.${detail}Why`, { product: PRODUCT_NAME })}
                  </p>
                </div>
                {isDone ? null : <div className="required__action">{body[detail]}</div>}
              </div>
            </li>
          );
        })}
      </ol>

      <ImageUploadModal
        kind="avatar"
        open={upload === 'avatar'}
        onOpenChange={(open) => setUpload(open ? 'avatar' : null)}
        currentUrl={me.avatarUrl}
        name={name}
      />
      <ImageUploadModal
        kind="banner"
        open={upload === 'banner'}
        onOpenChange={(open) => setUpload(open ? 'banner' : null)}
        currentUrl={me.bannerUrl}
        name={name}
      />
    </section>
  );
}
