import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/features/auth/hooks/use-session';
import { makePost, mockApi, type MockRequest } from '@/features/posts/testing/posts-mock';
import { ITEM_ID, makeShopItem } from '@/features/shop/testing/shop-fixtures';
import { makeProfile } from '@/features/users/testing/api-mock';
import { renderRoute, sessions } from '@/test/render';

vi.mock('@/features/auth/hooks/use-session', () => ({ useSession: vi.fn() }));
vi.mock('@/features/auth/api/auth-client', () => ({
  authClient: { signOut: vi.fn() },
  refreshSession: vi.fn(),
}));

const ME = 'user-1';
const SERVER_MESSAGE =
  'Comment reported successfully. Please give our team 24 hours to work on the request.';

beforeAll(async () => {
  await Promise.all([import('./posts/post'), import('./users/user'), import('./shop/item')]);
}, 30_000);
beforeEach(() => {
  vi.mocked(useSession).mockReturnValue(sessions.signedIn({ id: ME }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Picks a reason in the open report dialog, sends it and waits for the confirmation. */
async function report(
  user: ReturnType<typeof renderRoute>['user'],
  dialogName: string,
  legend: string,
  reason: string,
) {
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  const reasons = within(dialog).getByRole('group', { name: legend });
  expect(within(dialog).getByRole('button', { name: 'Report' })).toBeDisabled();
  await user.click(within(reasons).getByRole('radio', { name: reason }));
  await user.click(within(dialog).getByRole('button', { name: 'Report' }));
  return dialog;
}

function reportRoute(posted: MockRequest[]) {
  return (req: MockRequest) => {
    posted.push(req);
    return { status: 201, body: { message: SERVER_MESSAGE } };
  };
}

describe('report dialogs', () => {
  it('reports someone else’s post from its actions: POST /api/posts/:id/report, then the post sentence', async () => {
    const post = makePost({ title: 'Hot take on episode 12' });
    const posted: MockRequest[] = [];
    mockApi({
      [`GET /api/posts/${post.id}`]: post,
      [`POST /api/posts/${post.id}/report`]: reportRoute(posted),
    });
    const { user } = renderRoute(`/post/${post.id}`);
    await user.click(await screen.findByRole('button', { name: 'Report post' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Report post' })).getByText(
        'Hot take on episode 12',
      ),
    ).toBeInTheDocument();
    const dialog = await report(user, 'Report post', 'Why are you reporting this post?', 'Spam');
    const success = await within(dialog).findByText(
      'Post reported successfully. Please give our team 24 hours to work on the request.',
    );
    expect(success.closest('[role="status"]')).not.toBeNull();
    expect(posted.map((r) => r.body)).toEqual([{ reason: 'spam' }]);
  });

  it('offers no Report on one’s own post', async () => {
    const post = makePost({
      author: { id: ME, username: 'aiko', name: 'Aiko Tanaka', avatarUrl: null },
    });
    mockApi({ [`GET /api/posts/${post.id}`]: post });
    renderRoute(`/post/${post.id}`);
    expect(await screen.findByRole('button', { name: 'Delete post' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report post' })).not.toBeInTheDocument();
  });

  it('reports another person from their profile with Other and details: POST /api/users/:id/report', async () => {
    const posted: MockRequest[] = [];
    mockApi({
      'GET /api/users/user-2': makeProfile({ bio: 'Selling fake figures' }),
      'GET /api/users/user-2/posts': { items: [], nextCursor: null },
      'GET /api/users/user-2/block': { blocked: false },
      'POST /api/users/user-2/report': reportRoute(posted),
    });
    const { user } = renderRoute('/user/user-2');
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report user' });
    expect(within(dialog).getByText('Selling fake figures')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Tell us more (optional)' }),
      '  scams buyers  ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(
      await within(dialog).findByText(
        'User reported successfully. Please give our team 24 hours to work on the request.',
      ),
    ).toBeInTheDocument();
    expect(posted.map((r) => r.body)).toEqual([{ reason: 'other', details: 'scams buyers' }]);
  });

  it('reports a shop item from its page: POST /api/shop/items/:id/report', async () => {
    const posted: MockRequest[] = [];
    mockApi({
      [`GET /api/shop/items/${ITEM_ID}`]: makeShopItem(),
      [`POST /api/shop/items/${ITEM_ID}/report`]: reportRoute(posted),
    });
    const { user } = renderRoute(`/item/${ITEM_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = await report(
      user,
      'Report item',
      'Why are you reporting this item?',
      'Harassment or bullying',
    );
    expect(
      await within(dialog).findByText(
        'Item reported successfully. Please give our team 24 hours to work on the request.',
      ),
    ).toBeInTheDocument();
    expect(posted.map((r) => r.body)).toEqual([{ reason: 'harassment' }]);
  });

  it('offers no Report on one’s own shop item, and shows the server’s refusal in the dialog', async () => {
    mockApi({
      [`GET /api/shop/items/${ITEM_ID}`]: makeShopItem({
        seller: { id: ME, username: 'aiko', name: 'Aiko Tanaka', avatarUrl: null },
      }),
    });
    const { unmount } = renderRoute(`/item/${ITEM_ID}`);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
    unmount();

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      [`GET /api/shop/items/${ITEM_ID}`]: makeShopItem(),
      [`POST /api/shop/items/${ITEM_ID}/report`]: {
        status: 403,
        body: {
          error: {
            code: 'cannot_report_own_content',
            message: 'You cannot report your own content.',
          },
        },
      },
    });
    const { user } = renderRoute(`/item/${ITEM_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = await report(user, 'Report item', 'Why are you reporting this item?', 'Spam');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You cannot report your own content.',
    );
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
  });
});
