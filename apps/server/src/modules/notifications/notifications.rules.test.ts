/** The pure rules of notifications: excerpts, switches and the digest's sentences. */
import { describe, expect, it } from 'vitest';
import type { Notification } from '@otakura/shared';
import { describeNotification } from './digest.service';
import { allowedBySettings, EXCERPT_MAX, notificationExcerpt } from './notifications.service';

const base: Notification = {
  id: 'n1',
  type: 'like',
  subtype: 'post',
  actors: [],
  actorCount: 0,
  excerpt: null,
  reason: null,
  link: '/post/p1',
  read: false,
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const person = (name: string) => ({
  id: name,
  username: name.toLowerCase(),
  name,
  avatarUrl: null,
});

describe('notification rules', () => {
  it('makes a one-line excerpt, cut with an ellipsis at the limit', () => {
    expect(notificationExcerpt('  Two\n\nlines  ')).toBe('Two lines');
    expect(notificationExcerpt('   ')).toBeNull();
    expect(notificationExcerpt(null)).toBeNull();
    const long = notificationExcerpt('あ'.repeat(300))!;
    expect([...long]).toHaveLength(EXCERPT_MAX);
    expect(long.endsWith('…')).toBe(true);
    expect(notificationExcerpt('x'.repeat(EXCERPT_MAX))).toBe('x'.repeat(EXCERPT_MAX));
  });

  it('applies the switches with their defaults; moderation and orders always pass', () => {
    expect(allowedBySettings('like', {})).toBe(true);
    expect(allowedBySettings('like', { likes: false })).toBe(false);
    expect(allowedBySettings('reply', { comments: false })).toBe(true);
    expect(allowedBySettings('follow', { follows: false })).toBe(false);
    expect(allowedBySettings('moderation', { likes: false, comments: false })).toBe(true);
    expect(allowedBySettings('order', null)).toBe(true);
  });

  it('names the actors like the list does: "Rin", "Rin and Kai", "Rin and 12 others"', () => {
    const like = { ...base, excerpt: 'My post' };
    expect(describeNotification({ ...like, actors: [person('Rin')], actorCount: 1 })).toBe(
      'Rin liked your post: “My post”',
    );
    expect(
      describeNotification({ ...like, actors: [person('Rin'), person('Kai')], actorCount: 2 }),
    ).toBe('Rin and Kai liked your post: “My post”');
    expect(
      describeNotification({
        ...like,
        actors: [person('Rin'), person('Kai'), person('Ai')],
        actorCount: 13,
      }),
    ).toBe('Rin and 12 others liked your post: “My post”');
    expect(
      describeNotification({ ...base, type: 'follow', subtype: null, actors: [], actorCount: 1 }),
    ).toBe('Someone started following you');
    expect(
      describeNotification({ ...base, type: 'order', subtype: 'shipped', excerpt: 'Figure' }),
    ).toBe('Your order “Figure” was shipped');
    expect(
      describeNotification({ ...base, type: 'moderation', subtype: 'suspended', reason: 'Spam' }),
    ).toBe('Your account was suspended. Reason: Spam');
  });
});
