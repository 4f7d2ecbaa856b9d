import type { AccountStats } from '@otakura/shared';

export type AchievementId =
  | 'firstPost'
  | 'tenPosts'
  | 'firstComment'
  | 'hundredComments'
  | 'firstLikeReceived'
  | 'hundredLikesReceived'
  | 'firstFollower'
  | 'communityMember'
  | 'oneYear';

export interface Achievement {
  id: AchievementId;
  /** How far along the user is, in the unit of `goal` (days for `oneYear`). */
  current: number;
  goal: number;
  earned: boolean;
}

const DAY_MS = 86_400_000;

/**
 * Badges derived from the real statistics only: each is earned when its count reaches
 * its goal, and otherwise shows honest progress. Nothing here is stored or invented.
 */
export function deriveAchievements(stats: AccountStats, now = new Date()): Achievement[] {
  const days = Math.max(0, Math.floor((now.getTime() - Date.parse(stats.memberSince)) / DAY_MS));
  const rules: Array<[AchievementId, number, number]> = [
    ['firstPost', stats.posts, 1],
    ['tenPosts', stats.posts, 10],
    ['firstComment', stats.comments, 1],
    ['hundredComments', stats.comments, 100],
    ['firstLikeReceived', stats.likesReceived, 1],
    ['hundredLikesReceived', stats.likesReceived, 100],
    ['firstFollower', stats.followers, 1],
    ['communityMember', stats.communities, 1],
    ['oneYear', days, 365],
  ];
  return rules.map(([id, current, goal]) => ({
    id,
    current: Math.min(current, goal),
    goal,
    earned: current >= goal,
  }));
}
