import { CircleAlert, CircleCheck, Info, Upload } from 'lucide-react';
import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { apiErrorText } from '@/lib/api-error-text';
import { useAdminUpload, type AdminUploadTarget } from '../hooks/use-admin-upload';
import { isFaststartWarning } from '../utils/format-bytes';
import { UploadProgress } from './upload-progress';
import './upload-control.css';

export interface UploadControlProps<S extends z.ZodType> {
  target: AdminUploadTarget<S>;
  /** The button's words ("Upload cover", "Replace video"). */
  label: string;
  /** `image/*`, `video/mp4,video/webm`… (the server still types the file by its bytes). */
  accept: string;
  /** The current picture or video, shown beside the control. */
  preview?: ReactNode;
  hint?: ReactNode;
  /** The server's answer arrived (the updated entity and its Warning header). */
  onDone?: (result: z.output<S>, warning: string | null) => void;
  /** What to say once done; default "Uploaded {name}." */
  doneText?: (fileName: string) => string;
  size?: 'sm' | 'md';
}

/**
 * Pick one file and send it at once: a real progress bar with Cancel, then the result, the
 * server's warning as a note, or its refusal (413, 415…) in its own words with Try again.
 */
export function UploadControl<S extends z.ZodType>({
  target,
  label,
  accept,
  preview,
  hint,
  onDone,
  doneText,
  size = 'md',
}: UploadControlProps<S>) {
  const { t } = useTranslation('media-admin');
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const { state, busy, start, cancel } = useAdminUpload(target, onDone);

  const pick = (files: FileList | null) => {
    const file = files?.[0];
    if (input.current) input.current.value = '';
    if (file) void start(file);
  };

  return (
    <div className="ma-upload">
      {preview ? <div className="ma-upload__preview">{preview}</div> : null}
      <div className="ma-upload__body">
        <input
          ref={input}
          type="file"
          accept={accept}
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => pick(e.currentTarget.files)}
        />
        <div className="ma-upload__actions">
          <Button
            variant="secondary"
            size={size}
            disabled={busy}
            aria-describedby={hint ? hintId : undefined}
            onClick={() => input.current?.click()}
          >
            <Upload aria-hidden="true" />
            {label}
          </Button>
          {busy ? (
            <Button variant="ghost" size={size} onClick={cancel}>
              {t('upload.cancel')}
            </Button>
          ) : null}
        </div>
        {hint ? (
          <p id={hintId} className="ma-upload__hint">
            {hint}
          </p>
        ) : null}
        {state.phase === 'uploading' || state.phase === 'processing' ? (
          <UploadProgress status={state} label={t('upload.progressLabel', { name: label })} />
        ) : null}
        <div aria-live="polite" className="ma-upload__live">
          {state.phase === 'done' ? (
            <p className="ma-upload__note">
              <CircleCheck aria-hidden="true" className="ma-upload__icon ma-upload__icon--ok" />
              {doneText ? doneText(state.file.name) : t('upload.done', { name: state.file.name })}
            </p>
          ) : null}
          {state.phase === 'done' && state.warning ? (
            <p className="ma-upload__note ma-upload__note--warning">
              <Info aria-hidden="true" className="ma-upload__icon ma-upload__icon--warn" />
              {isFaststartWarning(state.warning) ? t('upload.faststart') : state.warning}
            </p>
          ) : null}
        </div>
        {state.phase === 'failed' ? (
          <div className="ma-upload__error" role="alert">
            <p className="ma-upload__note">
              <CircleAlert aria-hidden="true" className="ma-upload__icon ma-upload__icon--bad" />
              {t('upload.failed', { name: state.file.name, reason: apiErrorText(t, state.error) })}
            </p>
            <Button variant="secondary" size="sm" onClick={() => void start(state.file)}>
              {t('upload.retry')}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
