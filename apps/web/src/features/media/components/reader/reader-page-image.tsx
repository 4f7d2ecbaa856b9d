import type { ReaderPage } from '@otakura/shared';
import clsx from 'clsx';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

export interface ReaderPageImageProps {
  page: ReaderPage;
  className?: string;
  /** The page on screen now (fetched first); others are preloads or lazy strip pages. */
  priority?: boolean;
  lazy?: boolean;
}

/**
 * One page: its box is sized from the stored width/height before a byte arrives; decoding is off
 * the main thread. A page that fails shows a tile with a retry in the same box.
 */
export function ReaderPageImage({ page, className, priority, lazy }: ReaderPageImageProps) {
  const { t } = useTranslation('reader');
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  if (failed) {
    return (
      <div
        className={clsx('reader-page-failed', className)}
        style={{ aspectRatio: `${page.width} / ${page.height}` }}
        data-page={page.number}
        // Taps on the tile are not page turns.
        onClick={(e) => e.stopPropagation()}
        onPointerUp={(e) => e.stopPropagation()}
      >
        <p>{t('page.failed', { number: page.number })}</p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setFailed(false);
            setAttempt((n) => n + 1);
          }}
        >
          <RotateCcw aria-hidden="true" size={16} />
          {t('page.retry')}
        </Button>
      </div>
    );
  }

  return (
    <img
      // A new element for a retry: the browser asks again rather than keeping the failure.
      key={attempt}
      className={clsx('reader-page', className)}
      src={page.url}
      width={page.width}
      height={page.height}
      alt={t('page.alt', { number: page.number })}
      decoding="async"
      loading={lazy ? 'lazy' : 'eager'}
      fetchPriority={priority ? 'high' : 'auto'}
      draggable={false}
      data-page={page.number}
      onError={() => setFailed(true)}
    />
  );
}
