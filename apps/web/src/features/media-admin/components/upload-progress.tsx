import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import type { UploadPhase } from '../api/upload-with-progress';
import { formatBytes, percentOf } from '../utils/format-bytes';
import './upload-progress.css';

/**
 * The bytes really sent (the browser's count), then "Processing…" while the server checks and
 * stores the file: a pulse then, not invented progress.
 */
export function UploadProgress({
  status,
  label,
  compact,
}: {
  status: UploadPhase;
  /** The bar's accessible name, e.g. "Uploading cover". */
  label: string;
  compact?: boolean;
}) {
  const { t } = useTranslation('media-admin');
  const percent = status.phase === 'uploading' ? percentOf(status.loaded, status.total) : 100;
  const text =
    status.phase === 'uploading'
      ? t('upload.progress', {
          percent,
          loaded: formatBytes(status.loaded),
          total: formatBytes(status.total),
        })
      : t('upload.processing');
  return (
    <div
      className={clsx(
        'ma-progress',
        `ma-progress--${status.phase}`,
        compact && 'ma-progress--compact',
      )}
    >
      <div
        className="ma-progress__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={status.phase === 'uploading' ? percent : undefined}
        aria-valuetext={text}
      >
        <span className="ma-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="ma-progress__text">{text}</p>
    </div>
  );
}
