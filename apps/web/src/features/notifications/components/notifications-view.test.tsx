import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationKeys } from '../api/notification-keys';
import { hana, kenji, makeNotification, mockApi, rin } from '../testing/notifications-mock';
import { renderNotifications } from '../testing/render-notifications';
import { NotificationsView } from './notifications-view';

afterEach(() => vi.unstubAllGlobals());

function rows() {
  return within(screen.getByRole('tabpanel')).getAllByRole('listitem');
}

describe('/notifications', () => {
  it('shows Loading..., then the notifications newest first with people, sentence, excerpt, time and unread dot', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const liked = makeNotification({ actors: [rin, kenji, hana], actorCount: 13 });
    const followed = makeNotification({
      type: 'follow',
      subtype: null,
      actors: [kenji],
      excerpt: null,
      read: true,
      link: '/user/kenji',
    });
    const shipped = makeNotification({
      type: 'order',
      subtype: 'shipped',
      actors: [],
      actorCount: 0,
      excerpt: 'Order #A1B2',
      link: '/purchases',
    });
    mockApi({
      'GET /api/notifications/unread-count': { body: { unread: 2 } },
      'GET /api/notifications': async () => {
        await gate;
        return { body: { items: [liked, followed, shipped], nextCursor: null } };
      },
    });
    renderNotifications(<NotificationsView />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    release();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [first, second, third] = rows();
    expect(first).toHaveTextContent('Rin and 12 others liked your post');
    expect(first).toHaveTextContent('My Frieren fan art');
    expect(within(first!).getByText('Unread')).toBeInTheDocument();
    expect(within(first!).getByRole('link')).toHaveAttribute('href', liked.link);
    expect(first!.querySelectorAll('.ui-avatar')).toHaveLength(3);
    expect(second).toHaveTextContent('Kenji Sato followed you');
    expect(within(second!).queryByText('Unread')).not.toBeInTheDocument();
    expect(third).toHaveTextContent('Your order has shipped');
    expect(third).toHaveTextContent('Order #A1B2');
    expect(within(third!).getByRole('link')).toHaveAttribute('href', '/purchases');
    expect(first!.querySelector('time')).toHaveTextContent(/Ago/);
  });

  it('opens a notification at its link and marks it read (dot gone, badge down)', async () => {
    const n = makeNotification();
    const { calls } = mockApi({
      'GET /api/notifications/unread-count': { body: { unread: 5 } },
      'GET /api/notifications': { body: { items: [n], nextCursor: null } },
      'POST /api/notifications/read': { body: { unread: 4 } },
    });
    const { user, router, queryClient } = renderNotifications(<NotificationsView />, {
      path: '/notifications',
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await waitFor(() =>
      expect(queryClient.getQueryData(notificationKeys.unreadCount())).toEqual({ unread: 5 }),
    );
    await user.click(within(rows()[0]!).getByRole('link'));
    expect(await screen.findByText('Another page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(new URL(n.link, 'http://x').pathname);
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { ids: [n.id] },
      ]),
    );
    await waitFor(() =>
      expect(queryClient.getQueryData(notificationKeys.unreadCount())).toEqual({ unread: 4 }),
    );
  });

  it('marks all as read: every dot goes and the button is disabled', async () => {
    const items = [makeNotification(), makeNotification({ type: 'comment', subtype: null })];
    const { calls } = mockApi({
      'GET /api/notifications/unread-count': { body: { unread: 2 } },
      'GET /api/notifications': { body: { items, nextCursor: null } },
      'POST /api/notifications/read': { body: { unread: 0 } },
    });
    const { user } = renderNotifications(<NotificationsView />);
    await waitFor(() =>
      expect(screen.getAllByText('Unread', { selector: 'span' })).toHaveLength(2),
    );
    const button = screen.getByRole('button', { name: 'Mark all as read' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await waitFor(() =>
      expect(screen.queryAllByText('Unread', { selector: 'span' })).toHaveLength(0),
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ all: true }]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled(),
    );
  });

  it('filters to the unread ones (unread=true) and says when nothing is unread', async () => {
    const { calls } = mockApi({
      'GET /api/notifications/unread-count': { body: { unread: 0 } },
      'GET /api/notifications': ({ url }) => ({
        body: {
          items:
            url.searchParams.get('unread') === 'true' ? [] : [makeNotification({ read: true })],
          nextCursor: null,
        },
      }),
    });
    const { user } = renderNotifications(<NotificationsView />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByRole('tab', { name: 'Unread' }));
    expect(await screen.findByRole('heading', { name: "You're all caught up" })).toBeVisible();
    expect(
      calls
        .filter((c) => c.url.pathname === '/api/notifications')
        .map((c) => c.url.searchParams.get('unread')),
    ).toEqual([null, 'true']);
  });

  it('shows an empty state when there is nothing yet', async () => {
    mockApi({
      'GET /api/notifications/unread-count': { body: { unread: 0 } },
      'GET /api/notifications': { body: { items: [], nextCursor: null } },
    });
    renderNotifications(<NotificationsView />);
    expect(await screen.findByRole('heading', { name: 'No notifications yet' })).toBeVisible();
  });

  it('loads more with the cursor', async () => {
    const first = makeNotification();
    const second = makeNotification({ type: 'reply', subtype: null });
    const { calls } = mockApi({
      'GET /api/notifications/unread-count': { body: { unread: 2 } },
      'GET /api/notifications': ({ url }) =>
        url.searchParams.get('cursor') === 'c2'
          ? { body: { items: [second], nextCursor: null } }
          : { body: { items: [first], nextCursor: 'c2' } },
    });
    const { user } = renderNotifications(<NotificationsView />);
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[1]).toHaveTextContent('Rin replied to your comment');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(
      calls
        .filter((c) => c.url.pathname === '/api/notifications')
        .map((c) => c.url.searchParams.get('cursor')),
    ).toEqual([null, 'c2']);
  });

  it('says so when the list cannot be loaded, and tries again', async () => {
    let fail = true;
    mockApi({
      'GET /api/notifications/unread-count': { body: { unread: 0 } },
      'GET /api/notifications': () =>
        fail
          ? { status: 400, body: { error: { code: 'bad_request', message: 'Boom' } } }
          : { body: { items: [makeNotification({ read: true })], nextCursor: null } },
    });
    const { user } = renderNotifications(<NotificationsView />);
    expect(
      await screen.findByRole('heading', { name: 'Your notifications could not be loaded.' }),
    ).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });
});
