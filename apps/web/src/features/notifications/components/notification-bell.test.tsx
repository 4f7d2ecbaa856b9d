import type { NotificationPage } from '@otakura/shared';
import type { InfiniteData } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { FakeSocket } from '@/lib/live/fake-live-socket.test-helpers';
import { notificationKeys } from '../api/notification-keys';
import { kenji, makeNotification, ME_ID, mockApi } from '../testing/notifications-mock';
import { renderNotifications } from '../testing/render-notifications';
import { badgeText, NotificationBell } from './notification-bell';

afterEach(() => vi.unstubAllGlobals());

const TOPIC = `user:${ME_ID}`;

function openAndConfirm() {
  const socket = FakeSocket.last;
  act(() => socket.open());
  const watched = socket.sent.flatMap((m) =>
    (m as { type: string; topics?: string[] }).type === 'subscribe'
      ? ((m as { topics: string[] }).topics ?? [])
      : [],
  );
  expect(watched).toContain(TOPIC);
  act(() => socket.receive({ type: 'subscribed', topics: watched, denied: [] }));
  return socket;
}

describe('the notifications bell', () => {
  it('links to /notifications named with the unread count, and shows it as a badge', async () => {
    mockApi({ 'GET /api/notifications/unread-count': { body: { unread: 3 } } });
    renderNotifications(<NotificationBell viewerId={ME_ID} />);
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(screen.getByTestId('bell-badge')).toHaveTextContent('3');
  });

  it('has no badge and the plain name with nothing unread', async () => {
    const { calls } = mockApi({ 'GET /api/notifications/unread-count': { body: { unread: 0 } } });
    renderNotifications(<NotificationBell viewerId={ME_ID} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('bell-badge')).not.toBeInTheDocument();
  });

  it('shows 99+ above 99', () => {
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(1234)).toBe('99+');
  });

  it('asks nothing and shows nothing while signed out', async () => {
    const { calls } = mockApi({});
    renderNotifications(<NotificationBell viewerId={null} />);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('updates live: notification.created sets the count and puts it first in the list; notification.read clears it', async () => {
    mockApi({ 'GET /api/notifications/unread-count': { body: { unread: 1 } } });
    const older = makeNotification({ read: false });
    const { queryClient } = renderNotifications(<NotificationBell viewerId={ME_ID} />);
    queryClient.setQueryData<InfiniteData<NotificationPage, string | undefined>>(
      notificationKeys.list('all'),
      { pages: [{ items: [older], nextCursor: null }], pageParams: [undefined] },
    );
    await screen.findByRole('link', { name: 'Notifications, 1 unread' });
    const socket = openAndConfirm();

    const fresh = makeNotification({ type: 'follow', subtype: null, actors: [kenji] });
    act(() =>
      socket.receive({
        type: 'notification.created',
        topic: TOPIC,
        notification: fresh,
        unread: 120,
      }),
    );
    expect(await screen.findByRole('link', { name: 'Notifications, 120 unread' })).toBeVisible();
    expect(screen.getByTestId('bell-badge')).toHaveTextContent('99+');
    const list = queryClient.getQueryData<InfiniteData<NotificationPage>>(
      notificationKeys.list('all'),
    );
    expect(list?.pages[0]?.items.map((n) => n.id)).toEqual([fresh.id, older.id]);

    // A grouped notification that moved up is not listed twice.
    const grouped = { ...older, actorCount: 2, updatedAt: new Date().toISOString() };
    act(() =>
      socket.receive({
        type: 'notification.created',
        topic: TOPIC,
        notification: grouped,
        unread: 120,
      }),
    );
    await waitFor(() =>
      expect(
        queryClient
          .getQueryData<InfiniteData<NotificationPage>>(notificationKeys.list('all'))
          ?.pages[0]?.items.map((n) => [n.id, n.actorCount]),
      ).toEqual([
        [older.id, 2],
        [fresh.id, 1],
      ]),
    );

    act(() => socket.receive({ type: 'notification.read', topic: TOPIC, unread: 0 }));
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeVisible();
    expect(screen.queryByTestId('bell-badge')).not.toBeInTheDocument();
    expect(
      queryClient
        .getQueryData<InfiniteData<NotificationPage>>(notificationKeys.list('all'))
        ?.pages[0]?.items.every((n) => n.read),
    ).toBe(true);
  });
});
