import type { Community, CommunityPage } from '@otakura/shared';

export const COMMUNITY_ID = '11111111-1111-4111-8111-111111111111';

export function makeCommunity(overrides: Partial<Community> = {}): Community {
  return {
    id: COMMUNITY_ID,
    name: 'Mecha Lovers',
    imageUrl: null,
    thumbnailUrl: null,
    memberCount: 1234,
    about: 'Giant robots, every day.',
    postCount: 12,
    isMember: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeRow(
  overrides: Partial<CommunityPage['items'][number]> = {},
): CommunityPage['items'][number] {
  return {
    id: COMMUNITY_ID,
    name: 'Mecha Lovers',
    imageUrl: null,
    thumbnailUrl: null,
    memberCount: 1234,
    isMember: false,
    ...overrides,
  };
}
