import type { ReaderMode, ReaderPrefs, ReadingDirection } from '@otakura/shared';
import clsx from 'clsx';
import {
  BookOpen,
  ChevronLeft,
  ChevronRight,
  File,
  GalleryVertical,
  SquareSplitHorizontal,
  X,
} from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId, type FocusEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '@/components/ui/icon-button';

/** Handlers that keep the menu up while it is used (from `useReaderMenu`). */
export interface BarProps {
  onPointerEnter: (e: { pointerType: string }) => void;
  onPointerLeave: () => void;
  onFocus: () => void;
  onBlur: (e: FocusEvent<HTMLElement>) => void;
  onInput: () => void;
  onClick: () => void;
}

export interface ReaderTopBarProps {
  visible: boolean;
  barProps: BarProps;
  mediaTitle: string;
  /** 'Vol. N · Issue M' or 'Issue M'. */
  label: string;
  issueTitle: string;
  onClose: () => void;
}

export function ReaderTopBar({
  visible,
  barProps,
  mediaTitle,
  label,
  issueTitle,
  onClose,
}: ReaderTopBarProps) {
  const { t } = useTranslation('reader');
  return (
    <header className={clsx('reader-bar reader-bar--top', !visible && 'is-hidden')} {...barProps}>
      <IconButton aria-label={t('close')} onClick={onClose} className="reader-bar__close">
        <X aria-hidden="true" />
      </IconButton>
      <Dialog.Title className="reader-bar__title">
        <span className="reader-bar__media">{mediaTitle}</span>
        <span className="reader-bar__issue">
          {label}
          {issueTitle ? <span className="reader-bar__issue-title"> · {issueTitle}</span> : null}
        </span>
      </Dialog.Title>
    </header>
  );
}

export interface ReaderBottomBarProps {
  visible: boolean;
  barProps: BarProps;
  prefs: ReaderPrefs;
  pageCount: number;
  /** The first page on screen (the slider's value). */
  page: number;
  /** Read out by the slider: 'Page 4 of 12'. */
  positionText: string;
  onGoTo: (page: number) => void;
  onPrevious: () => void;
  onNext: () => void;
  onPrefsChange: (patch: Partial<ReaderPrefs>) => void;
  shifted: boolean;
  onShift: () => void;
}

export function ReaderBottomBar({
  visible,
  barProps,
  prefs,
  pageCount,
  page,
  positionText,
  onGoTo,
  onPrevious,
  onNext,
  onPrefsChange,
  shifted,
  onShift,
}: ReaderBottomBarProps) {
  const { t } = useTranslation('reader');
  const sliderId = useId();
  const rtl = prefs.direction === 'rtl';
  // The left arrow goes back in left-to-right reading and forward in right-to-left.
  const left = rtl
    ? { label: t('nav.next'), action: onNext }
    : { label: t('nav.previous'), action: onPrevious };
  const right = rtl
    ? { label: t('nav.previous'), action: onPrevious }
    : { label: t('nav.next'), action: onNext };

  const modes: { mode: ReaderMode; icon: ReactNode }[] = [
    { mode: 'single', icon: <File aria-hidden="true" size={18} /> },
    { mode: 'double', icon: <BookOpen aria-hidden="true" size={18} /> },
    { mode: 'vertical', icon: <GalleryVertical aria-hidden="true" size={18} /> },
  ];
  const directions: ReadingDirection[] = ['ltr', 'rtl'];

  return (
    <div
      className={clsx('reader-bar reader-bar--bottom', !visible && 'is-hidden')}
      role="group"
      aria-label={t('settings')}
      {...barProps}
    >
      {pageCount > 0 ? (
        <div className="reader-bar__pager">
          <IconButton aria-label={left.label} onClick={left.action}>
            <ChevronLeft aria-hidden="true" />
          </IconButton>
          <label htmlFor={sliderId} className="visually-hidden">
            {t('slider.label')}
          </label>
          <input
            id={sliderId}
            className="reader-bar__slider"
            type="range"
            min={1}
            max={Math.max(1, pageCount)}
            step={1}
            value={page}
            // Right-to-left reading runs the slider from the right, like the book.
            dir={prefs.direction}
            aria-valuetext={positionText}
            onChange={(e) => onGoTo(Number(e.currentTarget.value))}
          />
          <span className="reader-bar__count" aria-hidden="true">
            {t('slider.value', { page, total: pageCount })}
          </span>
          <IconButton aria-label={right.label} onClick={right.action}>
            <ChevronRight aria-hidden="true" />
          </IconButton>
        </div>
      ) : null}
      <div className="reader-bar__options">
        <div className="reader-segmented" role="group" aria-label={t('mode.label')}>
          {modes.map(({ mode, icon }) => (
            <button
              key={mode}
              type="button"
              className="reader-chip"
              aria-pressed={prefs.mode === mode}
              onClick={() => prefs.mode !== mode && onPrefsChange({ mode })}
            >
              {icon}
              <span className="reader-chip__label">{t(`mode.${mode}`)}</span>
            </button>
          ))}
        </div>
        <div className="reader-segmented" role="group" aria-label={t('direction.label')}>
          {directions.map((direction) => (
            <button
              key={direction}
              type="button"
              className="reader-chip"
              aria-pressed={prefs.direction === direction}
              onClick={() => prefs.direction !== direction && onPrefsChange({ direction })}
            >
              <span className="reader-chip__short" aria-hidden="true">
                {direction === 'ltr' ? 'L→R' : 'R→L'}
              </span>
              <span className="reader-chip__label">{t(`direction.${direction}`)}</span>
            </button>
          ))}
        </div>
        {prefs.mode === 'double' ? (
          <>
            <button
              type="button"
              className="reader-chip"
              aria-pressed={prefs.coverAlone}
              onClick={() => onPrefsChange({ coverAlone: !prefs.coverAlone })}
            >
              <File aria-hidden="true" size={18} />
              <span className="reader-chip__label">{t('coverAlone')}</span>
            </button>
            <button type="button" className="reader-chip" aria-pressed={shifted} onClick={onShift}>
              <SquareSplitHorizontal aria-hidden="true" size={18} />
              <span className="reader-chip__label">{t('shift')}</span>
            </button>
          </>
        ) : null}
      </div>
    </div>
  );
}
