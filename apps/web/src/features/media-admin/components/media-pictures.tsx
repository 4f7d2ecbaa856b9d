import { MediaSchema, type Media } from '@otakura/shared';
import { useTranslation } from 'react-i18next';
import { ImageUploadField } from '@/components/admin/image-upload-field';
import { uploadImageFile, useImageUpload } from '@/components/admin/upload-image';
import { useToast } from '@/components/ui/toast';
import { apiErrorText } from '@/lib/api-error-text';
import { useStoreEntry } from '../api/save-media';
import './units.css';

type Which = 'cover' | 'banner';

/** One picture of the entry, sent as soon as it is chosen (`PUT /admin/media/:id/{which}`). */
function PictureField({ media, which }: { media: Media; which: Which }) {
  const { t } = useTranslation('media-admin');
  const { toast } = useToast();
  const store = useStoreEntry();
  const upload = useImageUpload<Media>((file, { onStatus, signal }) =>
    uploadImageFile({
      path: `/admin/media/${encodeURIComponent(media.id)}/${which}`,
      method: 'PUT',
      file,
      schema: MediaSchema,
      onStatus,
      signal,
    }),
  );
  const url = which === 'cover' ? media.coverUrl : media.bannerUrl;
  return (
    <ImageUploadField
      label={t(`pictures.${which}`)}
      hint={t(`pictures.${which}Hint`)}
      currentUrl={url}
      currentAlt={
        url
          ? t(`pictures.${which}Alt`, { title: media.title })
          : t(which === 'cover' ? 'pictures.noCover' : 'pictures.noBanner')
      }
      shape={which === 'cover' ? 'square' : 'wide'}
      status={upload.status}
      onCancel={upload.cancel}
      error={upload.error ? apiErrorText(t, upload.error) : null}
      inputTestId={`media-${which}-input`}
      onPick={(file) => {
        upload
          .upload(file)
          .then((next) => {
            store(next);
            toast({ variant: 'success', title: t(`pictures.${which}Saved`) });
          })
          .catch(() => {
            /* shown under the field (upload.error); a cancel says nothing */
          });
      }}
    />
  );
}

/** The entry's cover (shown in lists) and banner (the landing's top), each with real progress. */
export function MediaPictures({ media }: { media: Media }) {
  return (
    <div className="ma-unit__uploads">
      <div className="ma-card">
        <PictureField media={media} which="cover" />
      </div>
      <div className="ma-card">
        <PictureField media={media} which="banner" />
      </div>
    </div>
  );
}
