import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { mediaKeys } from '../../api/media-keys';
import { READ_PROGRESS_DEBOUNCE_MS } from '../../hooks/use-reader-progress';
import { IssueReader } from './issue-reader';
import {
  apiError,
  installFakeIntersectionObserver,
  issueRoutes,
  ISSUE_ID,
  makeIssue,
  makePages,
  mockReader,
  NEXT_ID,
} from './reader.test-helpers';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderReader(issueId = ISSUE_ID) {
  const onClose = vi.fn();
  const onIssueChange = vi.fn();
  const client: { current?: QueryClient } = {};
  function Grab() {
    client.current = useQueryClient();
    return null;
  }
  function Host() {
    const [open, setOpen] = useState(true);
    const [id, setId] = useState(issueId);
    return (
      <>
        <Grab />
        {open ? (
          <IssueReader
            issueId={id}
            onClose={() => {
              onClose();
              setOpen(false);
            }}
            onIssueChange={(nextId) => {
              onIssueChange(nextId);
              setId(nextId);
            }}
          />
        ) : null}
      </>
    );
  }
  const utils = renderWithProviders(<Host />);
  return { ...utils, onClose, onIssueChange, queryClient: () => client.current! };
}

const pageImage = (n: number) => screen.getByRole('img', { name: `Page ${n}` });
/** The page images on screen, left to right. */
const shownPages = () =>
  screen.queryAllByRole('img', { name: /^Page \d+$/ }).map((img) => img.getAttribute('alt'));
const stage = () => document.querySelector<HTMLElement>('.reader-stage')!;

describe('the issue reader', () => {
  it('opens at the saved page, titled by volume and issue, and says where the reader is', async () => {
    const issue = makeIssue({ progress: { page: 5, finished: false, updatedAt: '' } });
    mockReader(issueRoutes(issue));
    renderReader();
    expect(await screen.findByRole('img', { name: 'Page 5' })).toBeInTheDocument();
    expect(shownPages()).toEqual(['Page 5']);
    expect(screen.getByRole('dialog', { name: /Vol\. 2 · Issue 3/ })).toBeInTheDocument();
    expect(screen.getByText('Page 5 of 12')).toHaveAttribute('role', 'status');
    const slider = screen.getByRole('slider', { name: 'Page' });
    expect(slider).toHaveValue('5');
    expect(slider).toHaveAttribute('aria-valuetext', 'Page 5 of 12');
    expect(screen.getByText('5 / 12')).toBeInTheDocument();
    // Its box is known before it loads, and it decodes off the main thread.
    expect(pageImage(5)).toHaveAttribute('width', '800');
    expect(pageImage(5)).toHaveAttribute('height', '1200');
    expect(pageImage(5)).toHaveAttribute('decoding', 'async');
  });

  it('opens a finished issue at its first page', async () => {
    const issue = makeIssue({ progress: { page: 12, finished: true, updatedAt: '' } });
    mockReader(issueRoutes(issue));
    renderReader();
    expect(await screen.findByRole('img', { name: 'Page 1' })).toBeInTheDocument();
  });

  it('turns pages with the keys left to right', async () => {
    const issue = makeIssue({ progress: { page: 5, finished: false, updatedAt: '' } });
    mockReader(issueRoutes(issue));
    const { user } = renderReader();
    await screen.findByRole('img', { name: 'Page 5' });
    await user.keyboard('{ArrowRight}');
    expect(shownPages()).toEqual(['Page 6']);
    await user.keyboard('{PageDown}');
    await user.keyboard(' ');
    expect(shownPages()).toEqual(['Page 8']);
    await user.keyboard('{ArrowLeft}');
    expect(shownPages()).toEqual(['Page 7']);
    await user.keyboard('{End}');
    expect(shownPages()).toEqual(['Page 12']);
    await user.keyboard('{Home}');
    expect(shownPages()).toEqual(['Page 1']);
    expect(screen.getByText('Page 1 of 12')).toBeInTheDocument();
  });

  it('mirrors the arrow keys and the tap zones in right-to-left reading', async () => {
    const issue = makeIssue({
      progress: { page: 5, finished: false, updatedAt: '' },
      prefs: { direction: 'rtl', mode: 'single', coverAlone: true },
    });
    mockReader(issueRoutes(issue));
    const { user } = renderReader();
    await screen.findByRole('img', { name: 'Page 5' });
    await user.keyboard('{ArrowLeft}');
    expect(shownPages()).toEqual(['Page 6']);
    await user.keyboard('{ArrowRight}');
    expect(shownPages()).toEqual(['Page 5']);

    vi.spyOn(stage(), 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 0, width: 400, height: 800 }),
    );
    fireEvent.click(stage(), { clientX: 40, clientY: 400 }); // left quarter: next in rtl
    expect(shownPages()).toEqual(['Page 6']);
    fireEvent.click(stage(), { clientX: 380, clientY: 400 }); // right quarter: previous in rtl
    expect(shownPages()).toEqual(['Page 5']);
    // Swiping rightwards brings the next page in right-to-left reading.
    fireEvent.pointerDown(stage(), { clientX: 100, clientY: 400, pointerId: 1, isPrimary: true });
    fireEvent.pointerUp(stage(), { clientX: 260, clientY: 410, pointerId: 1 });
    fireEvent.click(stage(), { clientX: 260, clientY: 410 }); // the click ending the swipe is no tap
    expect(shownPages()).toEqual(['Page 6']);
    // The bottom bar's arrows are named by what they do: the left one goes forward.
    expect(screen.getAllByRole('button', { name: 'Next page' })).toHaveLength(1);
  });

  it('toggles the menu with a tap in the middle and with m, and hides it after 3 s', async () => {
    const issue = makeIssue();
    mockReader(issueRoutes(issue));
    const { user } = renderReader();
    await screen.findByRole('img', { name: 'Page 1' });
    const bar = () => document.querySelector('.reader-bar--bottom')!;
    expect(bar()).not.toHaveClass('is-hidden');
    await waitFor(() => expect(bar()).toHaveClass('is-hidden'), { timeout: 8000 });
    vi.spyOn(stage(), 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 0, width: 400, height: 800 }),
    );
    fireEvent.click(stage(), { clientX: 200, clientY: 400 });
    expect(bar()).not.toHaveClass('is-hidden');
    expect(shownPages()).toEqual(['Page 1']);
    await user.keyboard('m');
    expect(bar()).toHaveClass('is-hidden');
  });

  it("keeps the menu up while a keyboard user's focus is in it, and hands a clicked control's focus back", async () => {
    const issue = makeIssue();
    mockReader(issueRoutes(issue));
    renderReader();
    await screen.findByRole('img', { name: 'Page 1' });
    const bar = () => document.querySelector('.reader-bar--bottom')!;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    // Tabbing into the bar: it stays however long the control is in use.
    const single = screen.getByRole('button', { name: 'Single page' });
    fireEvent.keyDown(stage(), { key: 'Tab' });
    act(() => single.focus());
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(bar()).not.toHaveClass('is-hidden');

    // Focus back on the pages: the countdown runs again.
    act(() => stage().focus());
    await act(() => vi.advanceTimersByTimeAsync(3100));
    expect(bar()).toHaveClass('is-hidden');

    // A click leaves focus on the button; when the bar hides, the pages get it back.
    fireEvent.keyDown(stage(), { key: 'm' });
    expect(bar()).not.toHaveClass('is-hidden');
    const rtl = screen.getByRole('button', { name: 'Right to left' });
    fireEvent.pointerDown(rtl);
    act(() => rtl.focus());
    fireEvent.click(rtl);
    await act(() => vi.advanceTimersByTimeAsync(3100));
    expect(bar()).toHaveClass('is-hidden');
    expect(document.activeElement).toBe(stage());
  });

  it('shows double-page spreads: the cover alone, pairs right to left in rtl, a shift control', async () => {
    const issue = makeIssue({
      pages: makePages(9, '/files/p', [6]),
      prefs: { direction: 'rtl', mode: 'double', coverAlone: true },
    });
    mockReader(issueRoutes(issue));
    const { user } = renderReader();
    await screen.findByRole('img', { name: 'Page 1' });
    expect(shownPages()).toEqual(['Page 1']);
    await user.keyboard('{ArrowLeft}');
    // Pages 2–3, page 2 on the right.
    expect(shownPages()).toEqual(['Page 3', 'Page 2']);
    expect(screen.getByText('Pages 2–3 of 9')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(shownPages()).toEqual(['Page 5', 'Page 4']);
    await user.keyboard('{ArrowLeft}');
    expect(shownPages()).toEqual(['Page 6']); // landscape: alone
    await user.keyboard('{ArrowLeft}');
    expect(shownPages()).toEqual(['Page 8', 'Page 7']); // pairing starts afresh after it

    await user.click(screen.getByRole('button', { name: 'Shift pairing' }));
    expect(screen.getByRole('button', { name: 'Shift pairing' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(shownPages()).toEqual(['Page 7']);
    await user.keyboard('{ArrowLeft}');
    expect(shownPages()).toEqual(['Page 9', 'Page 8']);
  });

  it('saves a mode change for the series and applies it at once', async () => {
    const issue = makeIssue({ progress: { page: 2, finished: false, updatedAt: '' } });
    const api = mockReader(issueRoutes(issue));
    const { user } = renderReader();
    await screen.findByRole('img', { name: 'Page 2' });
    await user.click(screen.getByRole('button', { name: 'Double page' }));
    // Cover alone: page 2 pairs with page 3.
    expect(shownPages()).toEqual(['Page 2', 'Page 3']);
    expect(screen.getByRole('button', { name: 'Double page' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() => expect(api.fetches('PUT', '/reader-prefs')).toHaveLength(1));
    expect(api.fetches('PUT', '/reader-prefs')[0]).toMatchObject({
      path: `/api/media/${issue.media.id}/reader-prefs`,
      body: { mode: 'double' },
    });

    await user.click(screen.getByRole('button', { name: 'Right to left' }));
    expect(shownPages()).toEqual(['Page 3', 'Page 2']);
    await waitFor(() => expect(api.fetches('PUT', '/reader-prefs')).toHaveLength(2));
    expect(api.fetches('PUT', '/reader-prefs')[1]!.body).toEqual({ direction: 'rtl' });
  });

  it('preloads the page on screen, 4 ahead, 1 behind, and the next issue only near the end', async () => {
    const issue = makeIssue({ progress: { page: 5, finished: false, updatedAt: '' } });
    const api = mockReader(issueRoutes(issue));
    const { user } = renderReader();
    await screen.findByRole('img', { name: 'Page 5' });
    await waitFor(() => expect(api.images().length).toBeGreaterThanOrEqual(6));
    expect(api.images()).toEqual([5, 6, 7, 8, 9, 4].map((n) => `/files/p/${n}.webp`));
    await user.keyboard('{End}');
    await waitFor(() => expect(api.images()).toContain('/files/n/2.webp'));
    expect(api.images()).not.toContain('/files/n/3.webp');
    // Page 12, then 1 behind, then the next issue's first 2 pages.
    expect(api.images().slice(-4)).toEqual([
      '/files/p/12.webp',
      '/files/p/11.webp',
      '/files/n/1.webp',
      '/files/n/2.webp',
    ]);
  });

  it('saves the page once after quick turns, after the images were requested', async () => {
    const issue = makeIssue({ progress: { page: 5, finished: false, updatedAt: '' } });
    let shownWhenSaved: string[] = [];
    const routes = issueRoutes(issue);
    const save = routes[`PUT /api/issues/${issue.id}/progress`]!;
    const api = mockReader({
      ...routes,
      [`PUT /api/issues/${issue.id}/progress`]: (e) => {
        shownWhenSaved = shownPages().filter((p): p is string => !!p);
        return save(e);
      },
    });
    renderReader();
    await screen.findByRole('img', { name: 'Page 5' });

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // Three turns 200 ms apart: each one restarts the wait.
    for (let i = 0; i < 3; i += 1) {
      if (i > 0) await act(() => vi.advanceTimersByTimeAsync(200));
      fireEvent.keyDown(stage(), { key: 'ArrowRight' });
    }
    expect(shownPages()).toEqual(['Page 8']);
    await act(() => vi.advanceTimersByTimeAsync(READ_PROGRESS_DEBOUNCE_MS - 100));
    expect(api.fetches('PUT', '/progress')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(api.fetches('PUT', '/progress')).toHaveLength(1);
    expect(api.fetches('PUT', '/progress')[0]!.body).toEqual({ page: 8 });
    // The page was on screen and its image (and the next ones) requested before the save.
    expect(shownWhenSaved).toEqual(['Page 8']);
    const putAt = api.log.findIndex((e) => e.kind === 'fetch' && e.method === 'PUT');
    const imageAt = api.log.findIndex((e) => e.kind === 'image' && e.url === '/files/p/12.webp');
    expect(imageAt).toBeGreaterThanOrEqual(0);
    expect(imageAt).toBeLessThan(putAt);
  });

  it('sends an unsaved page with keepalive on close, then refreshes the landing', async () => {
    const issue = makeIssue({ progress: { page: 5, finished: false, updatedAt: '' } });
    const api = mockReader(issueRoutes(issue));
    const { user, onClose, queryClient } = renderReader();
    await screen.findByRole('img', { name: 'Page 5' });
    const invalidate = vi.spyOn(queryClient(), 'invalidateQueries');
    await user.keyboard('{ArrowRight}');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(api.fetches('PUT', '/progress')).toHaveLength(1));
    expect(api.fetches('PUT', '/progress')[0]).toMatchObject({
      body: { page: 6 },
      keepalive: true,
    });
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: mediaKeys.details() }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: mediaKeys.pages() });
  });

  it('ends with the next issue, which the reader opens', async () => {
    const issue = makeIssue({ progress: { page: 12, finished: false, updatedAt: '' } });
    const next = makeIssue({
      id: NEXT_ID,
      number: 4,
      title: 'The Storm',
      next: null,
      pages: makePages(3, '/files/n'),
    });
    mockReader({ ...issueRoutes(issue), ...issueRoutes(next) });
    const { user, onIssueChange } = renderReader();
    await screen.findByRole('img', { name: 'Page 12' });
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('heading', { name: 'End of Issue 3' })).toBeInTheDocument();
    expect(screen.getByText('End of the issue')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next: Issue 4 · The Storm' }));
    expect(onIssueChange).toHaveBeenCalledWith(NEXT_ID);
    expect(await screen.findByRole('img', { name: 'Page 1' })).toHaveAttribute(
      'src',
      '/files/n/1.webp',
    );
    expect(screen.getByRole('dialog', { name: /Vol\. 2 · Issue 4/ })).toBeInTheDocument();
  });

  it('offers the way back to the series after the latest issue', async () => {
    const issue = makeIssue({ next: null, progress: { page: 12, finished: false, updatedAt: '' } });
    mockReader(issueRoutes(issue));
    const { user, onClose } = renderReader();
    await screen.findByRole('img', { name: 'Page 12' });
    await user.keyboard('{PageDown}');
    await user.click(screen.getByRole('button', { name: 'Back to series' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('reserves every page box of the vertical strip from its size and follows the page read', async () => {
    const issue = makeIssue({
      pages: makePages(12, '/files/p', [4]),
      prefs: { direction: 'ltr', mode: 'vertical', coverAlone: true },
      progress: { page: 5, finished: false, updatedAt: '' },
    });
    const io = installFakeIntersectionObserver();
    // Each page box 1000 px tall, stacked: the strip scrolls to the saved page's top.
    const offsetTop = vi
      .spyOn(HTMLElement.prototype, 'offsetTop', 'get')
      .mockImplementation(function (this: HTMLElement) {
        const n = Number(this.dataset.stripPage ?? 0);
        return n ? (n - 1) * 1000 : 0;
      });
    const api = mockReader(issueRoutes(issue));
    renderReader();
    await screen.findByRole('img', { name: 'Page 5' });
    const boxes = [...document.querySelectorAll<HTMLElement>('[data-strip-page]')];
    expect(boxes).toHaveLength(12);
    expect(boxes[0]!.style.aspectRatio).toBe('800 / 1200');
    expect(boxes[3]!.style.aspectRatio).toBe('1600 / 1100');
    expect(document.querySelector<HTMLElement>('.reader-strip')!.scrollTop).toBe(4000);
    expect(offsetTop).toHaveBeenCalled();

    act(() => io.fire((el) => (el as HTMLElement).dataset.stripPage === '7'));
    expect(await screen.findByText('Page 7 of 12')).toBeInTheDocument();
    await waitFor(() => expect(api.fetches('PUT', '/progress')).toHaveLength(1));
    expect(api.fetches('PUT', '/progress')[0]!.body).toEqual({ page: 7 });
  });

  it('shows a retry tile for a page that fails to load', async () => {
    const issue = makeIssue({ progress: { page: 5, finished: false, updatedAt: '' } });
    mockReader(issueRoutes(issue));
    const { user } = renderReader();
    fireEvent.error(await screen.findByRole('img', { name: 'Page 5' }));
    expect(screen.getByText('Page 5 could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(pageImage(5)).toBeInTheDocument();
    expect(shownPages()).toEqual(['Page 5']); // a tap on the tile turned no page
  });

  it('says when the issue does not exist', async () => {
    mockReader({
      [`GET /api/issues/${ISSUE_ID}`]: () => apiError(404, 'issue_not_found', 'Issue not found'),
    });
    const { user, onClose } = renderReader();
    expect(await screen.findByText('This issue cannot be found.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to series' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('offers a retry when the issue could not be loaded', async () => {
    const issue = makeIssue();
    let fail = true;
    mockReader({
      ...issueRoutes(issue),
      [`GET /api/issues/${issue.id}`]: () =>
        fail ? apiError(403, 'forbidden', 'Not allowed') : new Response(JSON.stringify(issue)),
    });
    const { user } = renderReader();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This issue could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('img', { name: 'Page 1' })).toBeInTheDocument();
  });

  it('shows Loading... while the issue loads', async () => {
    mockReader({ [`GET /api/issues/${ISSUE_ID}`]: () => new Promise<Response>(() => undefined) });
    renderReader();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    expect(screen.getByRole('dialog', { name: 'Reader' })).toBeInTheDocument();
  });
});
