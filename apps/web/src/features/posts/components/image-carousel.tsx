import type { PostImage } from '@otakura/shared';
import clsx from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { widestAvif } from '../utils/image-sources';
import './image-carousel.css';

/** A horizontal swipe longer than this (px) changes the image. */
const SWIPE_PX = 40;

export interface ImageCarouselProps {
  images: PostImage[];
  /** Accessible name of the region, e.g. the post's title. */
  label: string;
  /** `fill`: take the parent's height (the modal's media pane); `auto`: the first image's shape. */
  fit?: 'fill' | 'auto';
}

/**
 * Up to five images (spec §3): arrows, dots, swipe on touch, ←/→ while focused. The arrows stop
 * here, so they do not also step to another post in the modal. Key it by post id: the index then
 * resets when the post changes (spec §2).
 */
export function ImageCarousel({ images, label, fit = 'fill' }: ImageCarouselProps) {
  const { t } = useTranslation('posts');
  const [index, setIndex] = useState(0);
  const start = useRef<{ x: number; y: number } | null>(null);
  const count = images.length;
  const many = count > 1;
  const go = (next: number) => setIndex(Math.min(count - 1, Math.max(0, next)));

  const onKeyDown = (event: KeyboardEvent) => {
    if (!many) return;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      event.stopPropagation();
      go(index + (event.key === 'ArrowRight' ? 1 : -1));
    }
  };
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') return;
    start.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = start.current;
    start.current = null;
    if (!from || !many) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(dy)) go(index + (dx < 0 ? 1 : -1));
  };

  const first = images[0];
  const autoRatio =
    fit === 'auto' && first ? Math.min(2.4, Math.max(0.6, first.width / first.height)) : undefined;

  return (
    <div
      className={clsx('carousel', `carousel--${fit}`)}
      role="region"
      aria-roledescription={t('carousel.roleDescription')}
      aria-label={label}
      tabIndex={many ? 0 : undefined}
      onKeyDown={onKeyDown}
      style={autoRatio ? { aspectRatio: String(autoRatio) } : undefined}
    >
      <div
        className="carousel__viewport"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (start.current = null)}
      >
        <div className="carousel__track" style={{ transform: `translateX(${-index * 100}%)` }}>
          {images.map((image, i) => (
            <div
              key={image.url}
              className="carousel__slide"
              role={many ? 'group' : undefined}
              aria-roledescription={many ? t('carousel.slide') : undefined}
              aria-label={
                many ? t('carousel.position', { current: i + 1, total: count }) : undefined
              }
              aria-hidden={i !== index || undefined}
              style={{ backgroundColor: image.placeholder ?? undefined }}
            >
              {fit === 'fill' ? (
                // The letterbox shows the picture itself, blurred and dimmed, not flat bars.
                <img
                  className="carousel__backdrop"
                  src={image.url}
                  alt=""
                  aria-hidden="true"
                  loading="lazy"
                />
              ) : null}
              {/* The widest file: AVIF where the browser takes it, else the WebP. `display:
                  contents` keeps <picture> out of the layout. */}
              <picture style={{ display: 'contents' }}>
                {widestAvif(image) ? <source type="image/avif" srcSet={widestAvif(image)} /> : null}
                <img
                  className="carousel__image"
                  src={image.largeUrl ?? image.url}
                  width={image.width}
                  height={image.height}
                  loading={Math.abs(i - index) <= 1 ? 'eager' : 'lazy'}
                  decoding="async"
                  draggable={false}
                  alt={many ? '' : label}
                />
              </picture>
            </div>
          ))}
        </div>
      </div>
      {many ? (
        <>
          <button
            type="button"
            className="carousel__arrow carousel__arrow--prev"
            aria-label={t('carousel.previous')}
            onClick={() => go(index - 1)}
            disabled={index === 0}
            tabIndex={-1}
          >
            <ChevronLeft aria-hidden="true" />
          </button>
          <button
            type="button"
            className="carousel__arrow carousel__arrow--next"
            aria-label={t('carousel.next')}
            onClick={() => go(index + 1)}
            disabled={index === count - 1}
            tabIndex={-1}
          >
            <ChevronRight aria-hidden="true" />
          </button>
          <div className="carousel__dots">
            {images.map((image, i) => (
              <button
                key={image.url}
                type="button"
                className="carousel__dot"
                aria-label={t('carousel.goTo', { current: i + 1, total: count })}
                aria-current={i === index || undefined}
                onClick={() => go(i)}
                tabIndex={-1}
              />
            ))}
          </div>
          <p className="visually-hidden" aria-live="polite">
            {t('carousel.position', { current: index + 1, total: count })}
          </p>
        </>
      ) : null}
    </div>
  );
}
