import { MEDIA_RULES, type IssueDetail, type ReaderPrefs } from '@otakura/shared';
import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { issueQueryOptions } from '../../api/get-issue';
import { useUpdateReaderPrefsMutation } from '../../api/reader-prefs';
import { useReaderMenu } from '../../hooks/use-reader-menu';
import { useReaderPreload } from '../../hooks/use-reader-preload';
import { useReaderProgress } from '../../hooks/use-reader-progress';
import { preloadOrder } from '../../utils/reader-preload';
import {
  buildSpreads,
  spreadDisplayOrder,
  spreadIndexOf,
  type Spread,
} from '../../utils/reader-spreads';
import { useIssueMomentsQuery } from '../../api/get-moments';
import { useMomentsLive } from '../moment-comments';
import { ReaderEndPanel } from './reader-end-panel';
import { ReaderPageComments } from './reader-page-comments';
import { ReaderBottomBar, ReaderTopBar } from './reader-menu';
import { ReaderPageImage } from './reader-page-image';
import { ReaderStrip, type ReaderStripHandle } from './reader-strip';

/** A horizontal drag at least this long (px), and mostly horizontal, turns the page. */
const SWIPE_MIN_PX = 48;

/** The page the reader opens at: the saved one, or the first when finished or never read. */
export function openingPage(issue: IssueDetail): number {
  const { progress, pages } = issue;
  if (!progress || progress.finished) return 1;
  return Math.min(Math.max(1, progress.page), Math.max(1, pages.length));
}

export interface ReaderViewProps {
  issue: IssueDetail;
  onClose: () => void;
  onIssueChange: (issueId: string) => void;
}

/** The reader of one loaded issue (remounted per issue, so its state starts afresh). */
export function ReaderView({ issue, onClose, onIssueChange }: ReaderViewProps) {
  const { t } = useTranslation('reader');
  const queryClient = useQueryClient();
  const prefs = issue.prefs;
  const pages = issue.pages;
  const pageCount = pages.length;
  const rtl = prefs.direction === 'rtl';
  const vertical = prefs.mode === 'vertical';

  const [initialPage] = useState(() => openingPage(issue));
  // The first page (in reading order) of what is on screen, and whether the end panel is.
  const [page, setPage] = useState(initialPage);
  const [atEnd, setAtEnd] = useState(pageCount === 0);
  const [shifted, setShifted] = useState(false);
  const menu = useReaderMenu();
  const prefsMutation = useUpdateReaderPrefsMutation(issue.media.id);
  const strip = useRef<ReaderStripHandle>(null);
  const stage = useRef<HTMLDivElement>(null);
  const swipe = useRef<{ x: number; y: number; id: number } | null>(null);
  const swiped = useRef(false);

  const spreads = useMemo<Spread[]>(
    () =>
      prefs.mode === 'double'
        ? buildSpreads(pages, { coverAlone: prefs.coverAlone, shift: shifted })
        : pages.map((p) => [p.number]),
    [pages, prefs.mode, prefs.coverAlone, shifted],
  );
  const spreadIndex = spreadIndexOf(spreads, page);
  const shown: Spread = vertical ? [page] : (spreads[spreadIndex] ?? []);
  const first = shown.length ? Math.min(...shown) : 1;
  const last = shown.length ? Math.max(...shown) : 1;
  // The page reached: the spread's first page, or the last page once it is on screen.
  const reached = pageCount === 0 ? 1 : atEnd || shown.includes(pageCount) ? pageCount : first;

  const preloadUrls = useMemo(
    () =>
      preloadOrder({
        pages,
        current: atEnd ? [pageCount] : shown,
        nextFirstPages: issue.next?.firstPages,
      }),
    // `shown` is derived from these.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pages, atEnd, pageCount, first, last, issue.next],
  );
  useReaderPreload(preloadUrls);
  useReaderProgress({ issueId: issue.id, pageCount, page: reached, initialPage });
  // Comments on the pages (docs/moments.md): a count beside the page, Discuss at the end.
  const moments = useIssueMomentsQuery(issue.media.id, issue.id);
  useMomentsLive(issue.media.id);

  // Near the end the next issue's data is fetched too: "Next" then opens at once.
  const nextId = issue.next?.id;
  const nearEnd = atEnd || last > pageCount - MEDIA_RULES.preloadNextWithinLast;
  useEffect(() => {
    if (nextId && nearEnd) void queryClient.prefetchQuery(issueQueryOptions(nextId));
  }, [queryClient, nextId, nearEnd]);

  // Keys work from the first moment: the stage (or the strip) takes focus, not the close button;
  // after a mode change only when focus was lost with the old stage (a pressed button keeps it).
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    const lost =
      !active ||
      active === document.body ||
      !root.current?.contains(active) ||
      active === root.current;
    if (!lost && !active.closest('.reader-stage, .reader-strip')) return;
    (vertical ? strip.current?.element() : stage.current)?.focus({ preventScroll: true });
  }, [vertical]);

  // Bars that hide while a (clicked) control in them has focus hand it back to the pages, so the
  // next space or key turns a page instead of pressing an invisible button.
  useEffect(() => {
    if (menu.visible) return;
    if (document.activeElement?.closest('.reader-bar')) {
      (vertical ? strip.current?.element() : stage.current)?.focus({ preventScroll: true });
    }
  }, [menu.visible, vertical]);

  const goTo = (n: number) => {
    if (pageCount === 0) return;
    const target = Math.min(Math.max(1, n), pageCount);
    setAtEnd(false);
    setPage(target);
    if (vertical) strip.current?.scrollToPage(target);
  };
  const next = () => {
    if (pageCount === 0 || atEnd) return;
    if (vertical) {
      if (page < pageCount) goTo(page + 1);
      else strip.current?.scrollByScreen(1); // on to the end panel
      return;
    }
    const following = spreads[spreadIndex + 1];
    if (following) setPage(following[0]!);
    else setAtEnd(true);
  };
  const previous = () => {
    if (pageCount === 0) return;
    if (atEnd && !vertical) {
      setAtEnd(false);
      return;
    }
    if (vertical) {
      goTo(page - 1);
      return;
    }
    const before = spreads[spreadIndex - 1];
    if (before) setPage(before[0]!);
  };

  const changePrefs = (patch: Partial<ReaderPrefs>) => {
    prefsMutation.mutate(patch);
    if (patch.mode === 'double' || patch.coverAlone !== undefined) setShifted(false);
    // A new mode opens at the page being read, not at the end panel.
    if (patch.mode && pageCount > 0) setAtEnd(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    const target = e.target as HTMLElement;
    // The slider and any text field keep their own keys.
    if (target.closest('input, select, textarea, [contenteditable="true"]')) return;
    const onControl = !!target.closest('button, a');
    const inStrip = !!target.closest('[data-reader-strip]');
    const handled = () => e.preventDefault();
    switch (e.key) {
      case 'ArrowRight':
        handled();
        return rtl ? previous() : next();
      case 'ArrowLeft':
        handled();
        return rtl ? next() : previous();
      case 'PageDown':
      case 'PageUp':
      case ' ': {
        if (e.key === ' ' && onControl) return; // space presses the button
        const forward = e.key === 'PageDown' || (e.key === ' ' && !e.shiftKey);
        if (vertical) {
          // The strip scrolls by itself when it has focus; from elsewhere, scroll it here.
          if (inStrip) return;
          handled();
          strip.current?.scrollByScreen(forward ? 1 : -1);
          return;
        }
        handled();
        return forward ? next() : previous();
      }
      case 'Home':
        handled();
        return goTo(1);
      case 'End':
        handled();
        return goTo(pageCount);
      case 'm':
      case 'M':
        handled();
        return menu.toggle();
      case 'Tab':
        // Keyboard users reach the controls: the bars come up as focus moves into them.
        menu.show();
        return;
      default:
    }
  };

  // Tap zones: a quarter each side turns the page (mirrored in right-to-left), the middle toggles
  // the menu. A swipe that just turned the page does not also count as a tap.
  const onStageClick = (e: MouseEvent<HTMLDivElement>) => {
    if (swiped.current) {
      swiped.current = false;
      return;
    }
    const rect = e.currentTarget.getBoundingClientRect();
    const x = rect.width > 0 ? (e.clientX - rect.left) / rect.width : 0.5;
    if (x < 0.25) return rtl ? next() : previous();
    if (x > 0.75) return rtl ? previous() : next();
    menu.toggle();
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!e.isPrimary) return;
    swipe.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
    swiped.current = false;
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.id !== e.pointerId) return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return;
    swiped.current = true;
    // Dragging the page leftwards brings the next page in left-to-right reading.
    const forward = rtl ? dx > 0 : dx < 0;
    if (forward) next();
    else previous();
  };

  const label = issue.volume
    ? t('volumeIssue', { volume: issue.volume.number, number: issue.number })
    : t('issue', { number: issue.number });
  const positionText = (() => {
    if (atEnd && pageCount > 0) return t('position.end');
    if (shown.length === 2) return t('position.spread', { first, last, total: pageCount });
    return t('position.single', { page: first, total: pageCount });
  })();
  const byNumber = useMemo(() => new Map(pages.map((p) => [p.number, p])), [pages]);
  const endPanel = (
    <ReaderEndPanel
      issue={issue}
      onClose={onClose}
      onIssueChange={onIssueChange}
      moments={moments.data}
    />
  );

  return (
    <div
      ref={root}
      className="reader-view"
      data-mode={prefs.mode}
      data-direction={prefs.direction}
      onKeyDown={onKeyDown}
    >
      {vertical && pageCount > 0 ? (
        <ReaderStrip
          ref={strip}
          pages={pages}
          initialPage={page}
          onPageChange={setPage}
          onEndVisible={setAtEnd}
          onClick={() => menu.toggle()}
          end={endPanel}
        />
      ) : (
        <div
          ref={stage}
          className="reader-stage"
          tabIndex={-1}
          onClick={onStageClick}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (swipe.current = null)}
        >
          {atEnd ? (
            <div className="reader-stage__end">
              {pageCount === 0 ? <p className="reader-end__note">{t('noPages')}</p> : null}
              {endPanel}
            </div>
          ) : (
            <div className={clsx('reader-spread', shown.length === 2 && 'reader-spread--pair')}>
              {spreadDisplayOrder(shown, prefs.direction).map((n, i) => {
                const p = byNumber.get(n);
                if (!p) return null;
                return (
                  <ReaderPageImage
                    key={p.id}
                    page={p}
                    priority
                    className={clsx(
                      shown.length === 2 && (i === 0 ? 'reader-page--left' : 'reader-page--right'),
                    )}
                  />
                );
              })}
            </div>
          )}
        </div>
      )}

      {pageCount > 0 && !atEnd ? (
        <ReaderPageComments
          issue={issue}
          moments={moments.data}
          page={vertical ? page : first}
          reached={reached}
        />
      ) : null}
      <ReaderTopBar
        visible={menu.visible}
        barProps={menu.barProps}
        mediaTitle={issue.media.title}
        label={label}
        issueTitle={issue.title}
        onClose={onClose}
      />
      <ReaderBottomBar
        visible={menu.visible}
        barProps={menu.barProps}
        prefs={prefs}
        pageCount={pageCount}
        page={atEnd ? pageCount : first}
        positionText={positionText}
        onGoTo={goTo}
        onPrevious={previous}
        onNext={next}
        onPrefsChange={changePrefs}
        shifted={shifted}
        onShift={() => setShifted((s) => !s)}
      />
      <p className="visually-hidden" role="status" aria-live="polite">
        {positionText}
      </p>
    </div>
  );
}
