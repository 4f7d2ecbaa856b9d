import { describe, expect, it } from 'vitest';
import { FEED_STORAGE_KEYS } from '@/features/posts/hooks/use-feed-prefs';
import { routeDataUrls } from './route-data';

describe('routeDataUrls', () => {
  it('starts /me and the first page of the remembered feed tab and sort on /feed', () => {
    expect(routeDataUrls('/feed')).toEqual(['/api/me', '/api/feed?sort=new&tab=following']);
    localStorage.setItem(FEED_STORAGE_KEYS.tab, 'all');
    localStorage.setItem(FEED_STORAGE_KEYS.sort, 'top');
    expect(routeDataUrls('/Feed/')).toEqual(['/api/me', '/api/feed?sort=top&tab=all']);
  });

  it('starts nothing elsewhere', () => {
    expect(routeDataUrls('/login')).toEqual([]);
    expect(routeDataUrls('/feedback')).toEqual([]);
    expect(routeDataUrls('/')).toEqual([]);
  });
});
