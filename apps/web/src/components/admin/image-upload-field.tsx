import { LIMITS } from '@otakura/shared';
import clsx from 'clsx';
import { ImagePlus } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  checkImageFile,
  uploadPercent,
  type ImageProblem,
  type UploadStatus,
} from './upload-image';
import './image-upload-field.css';

const MAX_MB = Math.round(LIMITS.imageUploadMaxBytes / (1024 * 1024));

export interface ImageUploadFieldProps {
  /** The field's visible name (also the group's accessible name). */
  label: string;
  hint?: ReactNode;
  /** The stored picture, or null. */
  currentUrl: string | null;
  /** Describes the stored picture for screen readers. */
  currentAlt: string;
  /** `wide` for banners and community pictures, `square` for item photos. */
  shape?: 'wide' | 'square';
  /** A valid file was chosen: upload it now, or keep it for the form's save. */
  onPick: (file: File) => void;
  /** The upload in flight. */
  status?: UploadStatus | null;
  /** Stops the upload in flight. */
  onCancel?: () => void;
  /** The server's refusal (or the form's message) for this field. */
  error?: ReactNode;
  /** Says the chosen file waits for the form's save (a new entry has nowhere to upload yet). */
  pending?: boolean;
  disabled?: boolean;
  /** Shown under the picture (for example the thumbnail the server made). */
  children?: ReactNode;
  /** `data-testid` of the hidden file input (tests and browser journeys set files on it). */
  inputTestId?: string;
}

/**
 * A picture field: the stored picture or the chosen file's preview, Choose / Replace image,
 * drag and drop, a quick check of the file (type, size), and the upload's real progress: bytes
 * sent, then the server's processing, and a retry that starts again from zero.
 */
export function ImageUploadField({
  label,
  hint,
  currentUrl,
  currentAlt,
  shape = 'wide',
  onPick,
  status = null,
  onCancel,
  error,
  pending = false,
  disabled = false,
  children,
  inputTestId,
}: ImageUploadFieldProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<{
    url: string;
    name: string;
    forUrl: string | null;
  } | null>(null);
  const [problem, setProblem] = useState<ImageProblem | null>(null);
  const [dragging, setDragging] = useState(false);
  const busy = status !== null;

  // The local preview stands in until the stored picture changes (the upload landed).
  const shownPreview = preview && preview.forUrl === currentUrl ? preview : null;
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview.url);
    },
    [preview],
  );

  const choose = (file: File | undefined | null) => {
    if (!file || disabled || busy) return;
    const found = checkImageFile(file);
    setProblem(found);
    if (found) return;
    if (typeof URL.createObjectURL === 'function') {
      setPreview({ url: URL.createObjectURL(file), name: file.name, forUrl: currentUrl });
    }
    onPick(file);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    choose(e.dataTransfer.files[0]);
  };

  const problemText =
    problem === 'not_image'
      ? t('upload.notImage')
      : problem === 'too_large'
        ? t('upload.tooLarge', { max: MAX_MB })
        : problem === 'empty'
          ? t('upload.empty')
          : null;
  const errorText = problemText ?? error ?? null;
  const shownUrl = shownPreview?.url ?? currentUrl;
  const hasPicture = Boolean(shownUrl);

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={clsx(hint && hintId, errorText && errorId) || undefined}
      className={clsx(
        'admin-upload',
        `admin-upload--${shape}`,
        errorText && 'admin-upload--invalid',
      )}
    >
      <span id={labelId} className="admin-upload__label">
        {label}
      </span>
      <div
        className={clsx('admin-upload__frame', dragging && 'admin-upload__frame--dragging')}
        onDragOver={(e) => {
          e.preventDefault();
          if (!busy && !disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {shownUrl ? (
          <img
            src={shownUrl}
            alt={shownPreview ? t('upload.previewAlt', { name: shownPreview.name }) : currentAlt}
            className={clsx('admin-upload__img', busy && 'admin-upload__img--busy')}
          />
        ) : (
          <div className="admin-upload__empty">
            <ImagePlus aria-hidden="true" />
            <span>{t('upload.noPicture')}</span>
          </div>
        )}
      </div>

      <div className="admin-upload__controls">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => inputRef.current?.click()}
          disabled={disabled || busy}
        >
          <ImagePlus aria-hidden="true" className="admin-upload__icon" />
          {hasPicture ? t('upload.replace') : t('upload.choose')}
        </Button>
        {busy && onCancel ? (
          <Button variant="ghost" size="sm" onClick={onCancel}>
            {t('upload.cancel')}
          </Button>
        ) : null}
        <input
          ref={inputRef}
          type="file"
          accept="image/*"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          data-testid={inputTestId}
          onChange={(e) => {
            choose(e.target.files?.[0]);
            // Choosing the same file again must fire change again.
            e.target.value = '';
          }}
        />
      </div>

      <p id={hintId} className="admin-upload__hint">
        {pending && shownPreview
          ? t('upload.pending', { name: shownPreview.name })
          : (hint ?? t('upload.hint', { max: MAX_MB }))}
      </p>

      {status ? <UploadProgress status={status} label={label} /> : null}

      {errorText ? (
        <p id={errorId} className="admin-upload__error" role="alert">
          {errorText}
        </p>
      ) : null}

      {children}
    </div>
  );
}

/** The progress bar of one upload: bytes sent, then processing, then (on trouble) the retry. */
export function UploadProgress({ status, label }: { status: UploadStatus; label: string }) {
  const { t } = useTranslation('admin');
  const percent = uploadPercent(status);
  const text =
    status.phase === 'uploading'
      ? t('upload.uploading', { percent })
      : status.phase === 'processing'
        ? t('upload.processing')
        : t('upload.retrying', {
            seconds: Math.max(1, Math.ceil(status.delayMs / 1000)),
            attempt: status.attempt + 1,
          });
  return (
    <div className={clsx('admin-upload__progress', `admin-upload__progress--${status.phase}`)}>
      <div
        className="admin-upload__bar"
        role="progressbar"
        aria-label={t('upload.progressLabel', { label })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={status.phase === 'processing' ? undefined : percent}
        aria-valuetext={text}
      >
        <span className="admin-upload__bar-fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="admin-upload__status" aria-live="polite">
        {text}
      </p>
    </div>
  );
}
