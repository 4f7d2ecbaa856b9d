import type { ReaderPage } from '@otakura/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import {
  FakeXhr,
  ISSUE_ID,
  json,
  makeIssue,
  makePage,
  mockApi,
  type MockRequest,
} from '../testing/media-admin-mocks';
import { IssuePagesEditor } from './issue-pages-editor';

const [P1, P2, P3] = [makePage(1), makePage(2), makePage(3)];

beforeEach(() => {
  FakeXhr.made = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The pages grid's images, in the order shown. */
function shownOrder(): string[] {
  const grid = screen.getByRole('list', { name: /in reading order/ });
  return within(grid)
    .getAllByRole('listitem')
    .map((li) => li.querySelector('img')!.getAttribute('src')!);
}

/** The server's pages of the issue: GET answers them, the handlers below change them. */
let stored: ReaderPage[] = [];

function renderEditor(routes: Parameters<typeof mockApi>[0] = {}) {
  stored = [P1!, P2!, P3!];
  const api = mockApi({
    [`GET /api/issues/${ISSUE_ID}`]: () => json(makeIssue(stored)),
    ...routes,
  });
  const utils = renderWithProviders(<IssuePagesEditor issueId={ISSUE_ID} name="Issue 1" />);
  return { ...api, ...utils };
}

describe('IssuePagesEditor', () => {
  it('moves a page with the keyboard-reachable arrows and sends the whole new order', async () => {
    const { user, calls } = renderEditor({
      [`PUT /api/admin/issues/${ISSUE_ID}/pages/order`]: (req: MockRequest) => {
        const ids = (req.body as { pageIds: string[] }).pageIds;
        const byId = new Map(stored.map((p) => [p.id, p]));
        stored = ids.map((id, i) => ({ ...byId.get(id)!, number: i + 1 }));
        return json({ items: stored });
      },
    });
    await screen.findByRole('list', { name: /in reading order/ });
    expect(screen.getByRole('button', { name: 'Move page 1 earlier' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move page 1 later' }));
    expect(shownOrder()).toEqual([
      '/files/page-2.webp',
      '/files/page-1.webp',
      '/files/page-3.webp',
    ]);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      pageIds: [P2!.id, P1!.id, P3!.id],
    });
    expect(screen.getByText('Page 1 is now page 2.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Move page 3 earlier' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]!.body).toEqual({
      pageIds: [P2!.id, P3!.id, P1!.id],
    });
    expect(shownOrder()).toEqual([
      '/files/page-2.webp',
      '/files/page-3.webp',
      '/files/page-1.webp',
    ]);
  });

  it('puts the old order back when the server refuses the new one', async () => {
    const { user } = renderEditor({
      [`PUT /api/admin/issues/${ISSUE_ID}/pages/order`]: json(
        { error: { code: 'validation_error', message: 'pageIds: every page once' } },
        400,
      ),
    });
    await screen.findByRole('list', { name: /in reading order/ });
    await user.click(screen.getByRole('button', { name: 'Move page 2 later' }));
    expect(await screen.findByText('The new order was not saved')).toBeInTheDocument();
    expect(shownOrder()).toEqual([
      '/files/page-1.webp',
      '/files/page-2.webp',
      '/files/page-3.webp',
    ]);
  });

  it('deletes a page only after the confirmation', async () => {
    const { user, calls } = renderEditor({
      [`DELETE /api/admin/pages/${P2!.id}`]: () => {
        stored = [P1!, { ...P3!, number: 2 }];
        return json({ items: stored });
      },
    });
    await screen.findByRole('list', { name: /in reading order/ });
    await user.click(screen.getByRole('button', { name: 'Delete page 2' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete page 2?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete page' }));
    await waitFor(() => expect(shownOrder()).toEqual(['/files/page-1.webp', '/files/page-3.webp']));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('uploads several files one after another, each with its own progress, in the order chosen', async () => {
    const { user, container } = renderEditor();
    await screen.findByRole('list', { name: /in reading order/ });
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    const a = new File([new Uint8Array(1000)], 'a.png', { type: 'image/png' });
    const b = new File([new Uint8Array(1000)], 'b.png', { type: 'image/png' });
    await user.upload(input, [a, b]);

    await waitFor(() => expect(FakeXhr.made).toHaveLength(1));
    expect(FakeXhr.made[0]!.url).toBe(`/api/admin/issues/${ISSUE_ID}/pages`);
    expect((FakeXhr.made[0]!.sent?.get('file') as File).name).toBe('a.png');
    act(() => FakeXhr.made[0]!.progress(400, 1000));
    expect(screen.getByRole('progressbar', { name: 'Uploading a.png' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.getByText('Waiting…')).toBeInTheDocument();
    stored = [P1!, P2!, P3!, makePage(4)];
    act(() => FakeXhr.made[0]!.answer(201, { items: stored }));

    await waitFor(() => expect(FakeXhr.made).toHaveLength(2));
    expect((FakeXhr.made[1]!.sent?.get('file') as File).name).toBe('b.png');
    stored = [...stored, makePage(5)];
    act(() => FakeXhr.made[1]!.answer(201, { items: stored }));
    await waitFor(() => expect(screen.getAllByText('Added')).toHaveLength(2));
    expect(screen.getByText('5 pages')).toBeInTheDocument();
  });
});
