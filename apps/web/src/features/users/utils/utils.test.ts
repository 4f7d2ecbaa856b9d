import { describe, expect, it } from 'vitest';
import { deriveAchievements } from './achievements';
import { checkBirthday } from './birthday';
import { checkImageFile } from './validate-image';

const stats = {
  posts: 0,
  comments: 0,
  likesGiven: 0,
  likesReceived: 0,
  followers: 0,
  following: 0,
  communities: 0,
  memberSince: '2025-01-01T00:00:00.000Z',
};

describe('deriveAchievements', () => {
  it('earns nothing for a new account and shows honest progress', () => {
    const list = deriveAchievements(stats, new Date('2025-01-02T00:00:00Z'));
    expect(list.every((a) => !a.earned)).toBe(true);
    expect(list.find((a) => a.id === 'oneYear')).toMatchObject({ current: 1, goal: 365 });
  });

  it('earns exactly the badges the counts reach', () => {
    const list = deriveAchievements(
      { ...stats, posts: 1, likesReceived: 100, communities: 2 },
      new Date('2026-01-01T00:00:00Z'),
    );
    const earned = list.filter((a) => a.earned).map((a) => a.id);
    expect(earned).toEqual([
      'firstPost',
      'firstLikeReceived',
      'hundredLikesReceived',
      'communityMember',
      'oneYear',
    ]);
    expect(list.find((a) => a.id === 'tenPosts')).toMatchObject({
      current: 1,
      goal: 10,
      earned: false,
    });
  });
});

describe('checkBirthday', () => {
  const today = new Date('2025-06-15T12:00:00Z');
  it.each([
    ['May 23, 1995', null],
    ['may 3 1995', null],
    ['31/12/1990', 'format'],
    ['February 30, 1990', 'format'],
    ['June 16, 2007', 'underage'],
    ['June 15, 2007', null],
    ['January 1, 2030', 'future'],
  ])('%s → %s', (text, expected) => {
    expect(checkBirthday(text, today)).toBe(expected);
  });
});

describe('checkImageFile', () => {
  it('needs a type starting with image (spec §5) and at most 15 MB', () => {
    expect(checkImageFile({ type: 'image/png', size: 10 })).toBeNull();
    expect(checkImageFile({ type: 'text/html', size: 10 })).toBe('not_image');
    expect(checkImageFile({ type: '', size: 10 })).toBe('not_image');
    expect(checkImageFile({ type: 'image/jpeg', size: 16 * 1024 * 1024 })).toBe('too_large');
    expect(checkImageFile({ type: 'image/jpeg', size: 0 })).toBe('empty');
  });
});
