import { LIMITS } from '@otakura/shared';
import clsx from 'clsx';
import { Film, ImagePlus, ImageUp, ScanLine } from 'lucide-react';
import { useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { PostComposer } from '../hooks/use-post-composer';
import { guessUploadKind } from '../utils/post-kind';
import { captureVideoFrame, drawVideoFrame } from '../utils/video-frame';
import { UploadTile } from './upload-tile';
import './media-picker.css';
import './posts-shared.css';

export interface MediaPickerProps {
  composer: PostComposer;
  /** Shows one of the spec's alerts ('You can select up to 5 files only.'). */
  onNotice: (message: string) => void;
}

/** The post type the server will give these files (spec §5: gif 4, images 1, video 2). */
function summaryKey(composer: PostComposer): 'image' | 'gif' | 'video' | null {
  const items = composer.media.items;
  if (items.length === 0) return null;
  if (composer.video) return 'video';
  if (items.length === 1 && items[0]!.kind === 'gif') return 'gif';
  return 'image';
}

/**
 * Spec §5 media: images and videos; at most 4 files per selection, at most five images per post,
 * a video alone with a thumbnail (a frame taken in the browser, or a picked image). Files upload
 * as soon as they are picked.
 */
export function MediaPicker({ composer, onNotice }: MediaPickerProps) {
  const { t } = useTranslation('posts');
  const fileInput = useRef<HTMLInputElement>(null);
  const thumbInput = useRef<HTMLInputElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [dragging, setDragging] = useState(false);
  const [thumbError, setThumbError] = useState<string | null>(null);
  const [capturing, setCapturing] = useState(false);
  const { media, thumbnail, video } = composer;
  const thumb = thumbnail.items[0] ?? null;
  const imageCount = media.items.filter((i) => i.kind !== 'video').length;

  const setThumbnail = (blob: Blob, name: string) => {
    thumbnail.reset();
    setThumbError(null);
    thumbnail.add([{ blob, name, kind: 'image' }]);
  };

  const captureFrom = async (take: () => Promise<Blob>) => {
    setCapturing(true);
    try {
      setThumbnail(await take(), 'thumbnail.jpg');
    } catch {
      setThumbError(t('media.frameFailed'));
    } finally {
      setCapturing(false);
    }
  };

  const addFiles = (files: File[]) => {
    if (files.length === 0) return;
    // Spec §5: fewer than 5 files per selection.
    if (files.length > LIMITS.filesPerSelection) return onNotice(t('media.tooMany'));
    const typed = files.map((file) => ({ file, kind: guessUploadKind(file) }));
    if (typed.some((x) => x.kind === null)) return onNotice(t('media.unsupported'));
    const videos = typed.filter((x) => x.kind === 'video');
    const existing = media.items;
    if (
      videos.length > 0 &&
      (videos.length > 1 || typed.length > videos.length || existing.length > 0)
    ) {
      return onNotice(t('media.videoAlone'));
    }
    if (video) return onNotice(t('media.videoAlone'));
    if (existing.length + typed.length > LIMITS.imagesPerPost) return onNotice(t('media.tooMany'));

    media.add(typed.map(({ file, kind }) => ({ blob: file, name: file.name, kind: kind! })));
    const first = videos[0];
    if (first) void captureFrom(() => captureVideoFrame(first.file, 1));
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    addFiles(files);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    addFiles(Array.from(event.dataTransfer.files));
  };

  const kind = summaryKey(composer);
  const full = video !== null || imageCount >= LIMITS.imagesPerPost;

  return (
    <div className="media-picker">
      <input
        ref={fileInput}
        type="file"
        accept="image/*,video/*"
        multiple
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={onPick}
        data-testid="media-input"
      />
      {kind ? (
        <p className="media-picker__summary">
          <span className="media-picker__type-chip">{t(`media.postAs.${kind}`)}</span>
          {kind === 'image' ? (
            <span className="tabular-nums">
              {t('media.imageCount', { count: imageCount, max: LIMITS.imagesPerPost })}
            </span>
          ) : null}
        </p>
      ) : null}

      {media.items.length > 0 ? (
        <ul className={clsx('media-picker__tiles', video && 'media-picker__tiles--video')}>
          {media.items.map((item) => (
            <li key={item.key}>
              <UploadTile
                ref={item.kind === 'video' ? videoRef : undefined}
                item={item}
                onRemove={() => {
                  media.remove(item.key);
                  if (item.kind === 'video') {
                    thumbnail.reset();
                    setThumbError(null);
                  }
                }}
                onRetry={() => media.retry(item.key)}
              />
            </li>
          ))}
        </ul>
      ) : null}

      {!full ? (
        <div
          className={clsx(
            'media-picker__drop',
            media.items.length > 0 && 'media-picker__drop--compact',
            dragging && 'media-picker__drop--over',
          )}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <span className="media-picker__drop-icon" aria-hidden="true">
            <ImagePlus />
          </span>
          <p className="media-picker__drop-title">{t('media.dropTitle')}</p>
          <p className="media-picker__drop-hint">{t('media.hint')}</p>
          <Button variant="secondary" onClick={() => fileInput.current?.click()}>
            {media.items.length > 0 ? t('media.addMore') : t('media.choose')}
          </Button>
        </div>
      ) : null}

      {video ? (
        <section className="media-picker__thumb" aria-labelledby="media-thumb-title">
          <div className="media-picker__thumb-head">
            <h3 id="media-thumb-title" className="media-picker__thumb-title">
              <Film aria-hidden="true" />
              {t('media.thumbnail.title')}
            </h3>
            <p className="media-picker__thumb-hint">{t('media.thumbnail.hint')}</p>
          </div>
          <div className="media-picker__thumb-body">
            {thumb ? (
              <UploadTile
                className="media-picker__thumb-tile"
                item={thumb}
                chip={t('media.thumbnail.chip')}
                onRemove={() => thumbnail.reset()}
                onRetry={() => thumbnail.retry(thumb.key)}
              />
            ) : (
              <div className="media-picker__thumb-empty">
                {capturing ? t('media.thumbnail.capturing') : t('media.thumbnail.none')}
              </div>
            )}
            <div className="media-picker__thumb-actions">
              <Button
                variant="secondary"
                size="sm"
                className="posts-icon-label"
                loading={capturing}
                onClick={() => {
                  const el = videoRef.current;
                  if (el) void captureFrom(() => drawVideoFrame(el));
                }}
              >
                <ScanLine aria-hidden="true" size={16} />
                {t('media.thumbnail.useFrame')}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                className="posts-icon-label"
                onClick={() => thumbInput.current?.click()}
              >
                <ImageUp aria-hidden="true" size={16} />
                {t('media.thumbnail.choose')}
              </Button>
              <input
                ref={thumbInput}
                type="file"
                accept="image/*"
                className="visually-hidden"
                tabIndex={-1}
                aria-hidden="true"
                data-testid="thumbnail-input"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) setThumbnail(file, file.name);
                }}
              />
            </div>
          </div>
          {thumbError ? (
            <p className="media-picker__thumb-error" role="alert">
              {thumbError}
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
