import { MediaSchema, type Media } from '@otakura/shared';
import { useTranslation } from 'react-i18next';
import { useStoreEntry } from '../api/save-media';
import { MediaThumb } from './media-thumb';
import { UploadControl } from './upload-control';
import './units.css';

/** The entry's cover (shown in lists, 2:3) and banner (the landing's top, wide). */
export function MediaPictures({ media }: { media: Media }) {
  const { t } = useTranslation('media-admin');
  const store = useStoreEntry();
  const path = (which: 'cover' | 'banner') =>
    `/admin/media/${encodeURIComponent(media.id)}/${which}`;
  return (
    <div className="ma-unit__uploads">
      <section className="ma-card" aria-labelledby="ma-cover">
        <h3 id="ma-cover" className="ma-card__title">
          {t('pictures.cover')}
        </h3>
        <UploadControl
          target={{ method: 'PUT', path: path('cover'), schema: MediaSchema, kind: 'image' }}
          label={media.coverUrl ? t('pictures.replaceCover') : t('pictures.uploadCover')}
          accept="image/*"
          hint={t('pictures.coverHint')}
          preview={
            <MediaThumb
              src={media.coverUrl}
              alt={
                media.coverUrl
                  ? t('pictures.coverAlt', { title: media.title })
                  : t('pictures.noCover')
              }
              shape="cover"
              className="ma-pictures__cover"
            />
          }
          onDone={(m) => store(m)}
        />
      </section>
      <section className="ma-card" aria-labelledby="ma-banner">
        <h3 id="ma-banner" className="ma-card__title">
          {t('pictures.banner')}
        </h3>
        <MediaThumb
          src={media.bannerUrl}
          alt={
            media.bannerUrl
              ? t('pictures.bannerAlt', { title: media.title })
              : t('pictures.noBanner')
          }
          shape="banner"
        />
        <UploadControl
          target={{ method: 'PUT', path: path('banner'), schema: MediaSchema, kind: 'image' }}
          label={media.bannerUrl ? t('pictures.replaceBanner') : t('pictures.uploadBanner')}
          accept="image/*"
          hint={t('pictures.bannerHint')}
          onDone={(m) => store(m)}
        />
      </section>
    </div>
  );
}
