import { LIMITS } from '@otakura/shared';
import clsx from 'clsx';
import { ImagePlus } from 'lucide-react';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { formatNumber } from '@/lib/i18n';
import {
  isAbortError,
  useUploadImageMutation,
  type ImageKind,
  type UploadStatus,
} from '../api/upload-image';
import { apiErrorText } from '@/lib/api-error-text';
import { checkImageFile, type ImageProblem } from '../utils/validate-image';
import './image-upload-modal.css';

export interface ImageUploadModalProps {
  kind: ImageKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The picture shown until a new one is chosen. */
  currentUrl: string | null;
  /** For the avatar's initials when there is no picture. */
  name: string;
}

const MAX_MB = Math.round(LIMITS.imageUploadMaxBytes / (1024 * 1024));

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024)
    return `${formatNumber(bytes / (1024 * 1024), { maximumFractionDigits: 1 })} MB`;
  return `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

/** Seconds until `retryAt`, counted down once a second (remount with a new key per wait). */
function useCountdown(retryAt: number, delayMs: number): number {
  const [seconds, setSeconds] = useState(() => Math.ceil(delayMs / 1000));
  useEffect(() => {
    if (!retryAt) return;
    const timer = setInterval(
      () => setSeconds(Math.max(0, Math.ceil((retryAt - Date.now()) / 1000))),
      1000,
    );
    return () => clearInterval(timer);
  }, [retryAt]);
  return seconds;
}

interface Picked {
  file: File;
  /** A local URL for the preview; released when another file is picked or the modal closes. */
  url: string | null;
}

/**
 * Spec §2: the 'Upload profile picture' / 'Upload banner picture' modal with Select Image, a
 * preview before saving, and Save. The progress bar reports the bytes really sent, then the
 * server's processing, and any retry starts again from zero (DESIGN.md).
 */
export function ImageUploadModal({
  kind,
  open,
  onOpenChange,
  currentUrl,
  name,
}: ImageUploadModalProps) {
  const { t } = useTranslation('users');
  const { toast } = useToast();
  const upload = useUploadImageMutation(kind);
  const inputRef = useRef<HTMLInputElement>(null);
  const [picked, setPickedState] = useState<Picked | null>(null);
  const pickedRef = useRef<Picked | null>(null);
  const [problem, setProblem] = useState<ImageProblem | null>(null);
  const [dragging, setDragging] = useState(false);
  const file = picked?.file ?? null;
  const previewUrl = picked?.url ?? null;

  const setPicked = (next: File | null) => {
    if (pickedRef.current?.url) URL.revokeObjectURL(pickedRef.current.url);
    const value = next
      ? {
          file: next,
          url: typeof URL.createObjectURL === 'function' ? URL.createObjectURL(next) : null,
        }
      : null;
    pickedRef.current = value;
    setPickedState(value);
  };
  useEffect(
    () => () => {
      if (pickedRef.current?.url) URL.revokeObjectURL(pickedRef.current.url);
    },
    [],
  );
  const title = kind === 'avatar' ? t('upload.avatarTitle') : t('upload.bannerTitle');

  const reset = () => {
    setPicked(null);
    setProblem(null);
    upload.reset();
  };

  const changeOpen = (next: boolean) => {
    if (!next) {
      upload.cancel();
      reset();
    }
    onOpenChange(next);
  };

  const choose = (chosen: File | undefined | null) => {
    if (!chosen) return;
    upload.reset();
    const found = checkImageFile(chosen);
    setProblem(found);
    setPicked(found ? null : chosen);
  };

  const save = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => {
        toast({
          variant: 'success',
          title: kind === 'avatar' ? t('upload.avatarSaved') : t('upload.bannerSaved'),
        });
        reset();
        onOpenChange(false);
      },
    });
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!upload.isPending) choose(e.dataTransfer.files[0]);
  };

  const problemText =
    problem === 'not_image'
      ? t('upload.notImage')
      : problem === 'too_large'
        ? t('upload.tooLarge', { max: MAX_MB })
        : problem === 'empty'
          ? t('upload.empty')
          : null;
  const serverError =
    upload.error && !isAbortError(upload.error) ? apiErrorText(t, upload.error) : null;
  const errorText = problemText ?? serverError;
  const shownUrl = previewUrl ?? currentUrl;

  return (
    <Modal
      open={open}
      onOpenChange={changeOpen}
      title={title}
      closeLabel={t('upload.close')}
      size={kind === 'banner' ? 'lg' : 'md'}
      className="image-upload"
      footer={
        <>
          <Button
            variant="secondary"
            onClick={() => (upload.isPending ? upload.cancel() : changeOpen(false))}
          >
            {upload.isPending ? t('upload.cancelUpload') : t('upload.cancel')}
          </Button>
          <Button onClick={save} disabled={!file} loading={upload.isPending}>
            {t('upload.save')}
          </Button>
        </>
      }
    >
      <div className="image-upload__body">
        <div
          className={clsx(
            'image-upload__frame',
            `image-upload__frame--${kind}`,
            dragging && 'image-upload__frame--dragging',
          )}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          {kind === 'avatar' ? (
            <div className="image-upload__avatar">
              {shownUrl ? (
                <img
                  src={shownUrl}
                  alt={previewUrl ? t('upload.preview') : t('upload.currentPicture')}
                  className="image-upload__avatar-img"
                />
              ) : (
                <Avatar name={name} size={128} decorative />
              )}
            </div>
          ) : shownUrl ? (
            <img
              src={shownUrl}
              alt={previewUrl ? t('upload.preview') : t('upload.currentPicture')}
              className="image-upload__banner-img"
            />
          ) : (
            <div className="image-upload__empty">
              <ImagePlus aria-hidden="true" />
              <span>{t('upload.noPicture')}</span>
            </div>
          )}
        </div>

        <div className="image-upload__choose">
          <Button
            variant="secondary"
            onClick={() => inputRef.current?.click()}
            disabled={upload.isPending}
          >
            <ImagePlus aria-hidden="true" className="image-upload__icon" />
            {t('upload.selectImage')}
          </Button>
          <p className="image-upload__hint">
            {file
              ? t('upload.fileInfo', { name: file.name, size: formatSize(file.size) })
              : t('upload.dropHint', { max: MAX_MB })}
          </p>
          <input
            ref={inputRef}
            type="file"
            accept="image/*"
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            data-testid={`${kind}-file-input`}
            onChange={(e) => {
              choose(e.target.files?.[0]);
              // Choosing the same file again must fire change again.
              e.target.value = '';
            }}
          />
        </div>

        {upload.status ? <UploadProgress status={upload.status} /> : null}

        {errorText ? (
          <p className="image-upload__error" role="alert">
            {errorText}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}

function UploadProgress({ status }: { status: UploadStatus }) {
  if (status.phase === 'waiting') {
    return <ProgressBar status={status} key={status.retryAt} />;
  }
  return <ProgressBar status={status} />;
}

function ProgressBar({ status }: { status: UploadStatus }) {
  const { t } = useTranslation('users');
  const seconds = useCountdown(
    status.phase === 'waiting' ? status.retryAt : 0,
    status.phase === 'waiting' ? status.delayMs : 0,
  );
  const percent =
    status.phase === 'uploading'
      ? Math.floor((status.loaded / Math.max(1, status.total)) * 100)
      : status.phase === 'processing'
        ? 100
        : 0;
  const text =
    status.phase === 'uploading'
      ? t('upload.uploading', { percent })
      : status.phase === 'processing'
        ? t('upload.processing')
        : t('upload.retrying', { seconds, attempt: status.attempt + 1 });

  return (
    <div className={clsx('image-upload__progress', `image-upload__progress--${status.phase}`)}>
      <div
        className="image-upload__bar"
        role="progressbar"
        aria-label={t('upload.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={status.phase === 'processing' ? undefined : percent}
        aria-valuetext={text}
      >
        <span className="image-upload__bar-fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="image-upload__status" aria-live="polite">
        {text}
      </p>
    </div>
  );
}
