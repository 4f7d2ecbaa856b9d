import clsx from 'clsx';
import { CircleAlert, RotateCw, X } from 'lucide-react';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadItem } from '../hooks/use-upload-queue';
import './upload-tile.css';

export interface UploadTileProps {
  item: UploadItem;
  onRemove: () => void;
  onRetry: () => void;
  /** Label of the chip (defaults to the file's kind). */
  chip?: string;
  className?: string;
}

/** One picked file: its preview with its real shape, a kind chip, the upload's progress bar, remove and retry. */
export const UploadTile = forwardRef<HTMLVideoElement, UploadTileProps>(function UploadTile(
  { item, onRemove, onRetry, chip, className },
  videoRef,
) {
  const { t } = useTranslation('posts');
  const percent = Math.round(item.progress * 100);
  const kindLabel = chip ?? t(`kind.${item.kind}`);
  const ratio =
    item.upload?.width && item.upload.height
      ? `${item.upload.width} / ${item.upload.height}`
      : undefined;

  return (
    <figure
      className={clsx(
        'upload-tile',
        `upload-tile--${item.status}`,
        `upload-tile--${item.kind}`,
        className,
      )}
      aria-label={item.name}
    >
      <div className="upload-tile__preview" style={ratio ? { aspectRatio: ratio } : undefined}>
        {item.previewUrl ? (
          item.kind === 'video' ? (
            <video
              ref={videoRef}
              className="upload-tile__media"
              src={item.previewUrl}
              muted
              playsInline
              controls
              preload="metadata"
              aria-label={item.name}
            />
          ) : (
            <img className="upload-tile__media" src={item.previewUrl} alt="" />
          )
        ) : null}
        <span className="upload-tile__chip">{kindLabel}</span>
        <button
          type="button"
          className="upload-tile__remove"
          aria-label={t('media.remove', { name: item.name })}
          onClick={onRemove}
        >
          <X aria-hidden="true" />
        </button>
      </div>
      <figcaption className="upload-tile__caption">
        <span className="upload-tile__name">{item.name}</span>
        {item.status === 'done' ? (
          <span className="upload-tile__status upload-tile__status--done">
            {t('media.uploaded')}
          </span>
        ) : item.status === 'error' ? (
          <span className="upload-tile__status upload-tile__status--error" role="alert">
            <CircleAlert aria-hidden="true" />
            {item.error ?? t('media.failed')}
            <button type="button" className="upload-tile__retry" onClick={onRetry}>
              <RotateCw aria-hidden="true" />
              {t('media.retry')}
            </button>
          </span>
        ) : (
          <>
            <span className="upload-tile__status">
              {item.status === 'retrying'
                ? t('media.retrying')
                : percent >= 100
                  ? t('media.processing')
                  : t('media.uploading', { percent })}
            </span>
            <span
              className="upload-tile__progress"
              role="progressbar"
              aria-label={t('media.progressLabel', { name: item.name })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
            >
              <span className="upload-tile__bar" style={{ width: `${percent}%` }} />
            </span>
          </>
        )}
      </figcaption>
    </figure>
  );
});
