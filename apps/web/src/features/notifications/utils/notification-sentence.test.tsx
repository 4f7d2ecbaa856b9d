import type { Notification } from '@otakura/shared';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import enNotifications from '@/locales/en/notifications.json';
import jaNotifications from '@/locales/ja/notifications.json';
import { hana, kenji, makeNotification, rin } from '../testing/notifications-mock';
import { NotificationSentence, notificationExcerpt } from './notification-sentence';

function sentence(overrides: Partial<Notification>): string {
  const { container, unmount } = render(
    <p>
      <NotificationSentence notification={makeNotification(overrides)} />
    </p>,
  );
  const text = container.textContent ?? '';
  unmount();
  return text;
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('notification sentences', () => {
  it.each<[string, Partial<Notification>, string]>([
    ['a like of a post', { type: 'like', subtype: 'post' }, 'Rin liked your post'],
    [
      'a grouped like of a post',
      { type: 'like', subtype: 'post', actors: [rin, kenji, hana], actorCount: 13 },
      'Rin and 12 others liked your post',
    ],
    [
      'a like of a post by two people',
      { type: 'like', subtype: 'post', actors: [rin, kenji], actorCount: 2 },
      'Rin and 1 other liked your post',
    ],
    ['a like of a comment', { type: 'like', subtype: 'comment' }, 'Rin liked your comment'],
    [
      'grouped likes of a comment',
      { type: 'like', subtype: 'comment', actors: [kenji, rin], actorCount: 4 },
      'Kenji Sato and 3 others liked your comment',
    ],
    ['a comment', { type: 'comment', subtype: null }, 'Rin commented on your post'],
    ['a reply', { type: 'reply', subtype: null }, 'Rin replied to your comment'],
    ['a follow', { type: 'follow', subtype: null, excerpt: null }, 'Rin followed you'],
    [
      'grouped follows',
      { type: 'follow', subtype: null, actors: [rin, kenji, hana], actorCount: 3 },
      'Rin and 2 others followed you',
    ],
    [
      'a report that led to an action',
      { type: 'moderation', subtype: 'report_actioned', actors: [], actorCount: 0 },
      'Your report was reviewed: action was taken.',
    ],
    [
      'a dismissed report',
      { type: 'moderation', subtype: 'report_dismissed', actors: [], actorCount: 0 },
      'Your report was reviewed: no rule was broken.',
    ],
    [
      'removed content',
      { type: 'moderation', subtype: 'content_removed', actors: [], reason: 'Spoilers' },
      'Your content was removed: Spoilers',
    ],
    [
      'a warning',
      { type: 'moderation', subtype: 'warned', actors: [], reason: 'Be kind' },
      'You received a warning: Be kind',
    ],
    [
      'a suspension',
      {
        type: 'moderation',
        subtype: 'suspended',
        actors: [],
        reason: 'Spam',
        excerpt: 'for 7 days',
      },
      'Your account was suspended for 7 days: Spam',
    ],
    [
      'a lifted suspension',
      { type: 'moderation', subtype: 'unsuspended', actors: [], reason: 'Appeal accepted' },
      'Your account is no longer suspended.',
    ],
    [
      'a paid order',
      { type: 'order', subtype: 'paid', actors: [], excerpt: 'Order #A1B2' },
      'Your order was paid',
    ],
    [
      'a shipped order',
      { type: 'order', subtype: 'shipped', actors: [], excerpt: 'Order #A1B2' },
      'Your order has shipped',
    ],
  ])('words %s', (_name, overrides, expected) => {
    expect(sentence(overrides)).toBe(expected);
  });

  it('bolds the first person’s name and never reads a name as markup', () => {
    const { container } = render(
      <p>
        <NotificationSentence
          notification={makeNotification({
            actors: [{ ...rin, name: '<b>Eve</b> {{actor}}' }],
            actorCount: 1,
          })}
        />
      </p>,
    );
    expect(container.textContent).toBe('<b>Eve</b> {{actor}} liked your post');
    expect(container.querySelector('strong')?.textContent).toBe('<b>Eve</b> {{actor}}');
  });

  it('words the same events in Japanese, with the count of the others', async () => {
    await i18n.changeLanguage('ja');
    expect(sentence({ actors: [rin, kenji], actorCount: 13 })).toBe(
      'Rin さんとほか 12 人があなたの投稿にいいねしました',
    );
    expect(sentence({ type: 'order', subtype: 'shipped', actors: [] })).toBe(
      'ご注文の商品が発送されました',
    );
  });

  it('keeps the suspension’s length out of the excerpt (it is in the sentence)', () => {
    expect(
      notificationExcerpt(
        makeNotification({ type: 'moderation', subtype: 'suspended', excerpt: 'for good' }),
      ),
    ).toBeNull();
    expect(notificationExcerpt(makeNotification({ excerpt: 'My post' }))).toBe('My post');
  });

  it('has the same keys in English and Japanese', () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        typeof v === 'object' && v !== null ? keys(v as object, `${prefix}${k}.`) : [prefix + k],
      );
    expect(keys(jaNotifications).sort()).toEqual(keys(enNotifications).sort());
  });
});
