import { useQueryClient } from '@tanstack/react-query';
import { Compass, Flame, PenLine, Sparkles, Users } from 'lucide-react';
import { ToggleGroup } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { postKeys } from '../api/post-keys';
import type { FeedSort, FeedTab } from '../api/post-source';
import { useFeedPrefs } from '../hooks/use-feed-prefs';
import { useNewPostsPill } from '../hooks/use-new-posts-pill';
import { NewPostsPill } from './new-posts-pill';
import { PostStream, type PostStreamProps } from './post-stream';
import './feed-view.css';
import './posts-shared.css';

export type FeedViewProps = Pick<
  PostStreamProps,
  'renderComments' | 'viewerId' | 'onModalClose' | 'onVisiblePostIdsChange' | 'onPrefetchPost'
> & {
  /** Shown under an empty Following tab (communities to follow, composed by the app). */
  followingSuggestions?: ReactNode;
};

/**
 * /feed: tabs Following and All, sort New or Top (both remembered), the grid of cards with
 * infinite scroll, the "new posts" pill, and the post modal.
 */
export function FeedView({ followingSuggestions, ...props }: FeedViewProps) {
  const { t } = useTranslation('posts');
  const queryClient = useQueryClient();
  const { tab, sort, setTab, setSort } = useFeedPrefs();
  const pill = useNewPostsPill();

  const showNewPosts = () => {
    pill.clear();
    window.scrollTo({ top: 0, behavior: 'smooth' });
    // Start again from the newest page rather than refetching every loaded page.
    queryClient.removeQueries({ queryKey: postKeys.feeds(), type: 'inactive' });
    void queryClient.resetQueries({ queryKey: postKeys.list({ kind: 'feed', tab, sort }) });
  };

  const stream = (which: FeedTab, empty: ReactNode) => (
    <PostStream
      {...props}
      source={{ kind: 'feed', tab: which, sort }}
      label={which === 'following' ? t('feed.tabs.following') : t('feed.tabs.all')}
      empty={empty}
    />
  );

  return (
    <div className="feed-view">
      <Tabs value={tab} onValueChange={(value) => setTab(value as FeedTab)}>
        <div className="feed-view__toolbar">
          <TabsList aria-label={t('feed.tabs.label')}>
            <TabsTrigger value="following">{t('feed.tabs.following')}</TabsTrigger>
            <TabsTrigger value="all">{t('feed.tabs.all')}</TabsTrigger>
          </TabsList>
          <ToggleGroup.Root
            type="single"
            className="feed-view__sort"
            aria-label={t('feed.sort.label')}
            value={sort}
            onValueChange={(value) => {
              if (value) setSort(value as FeedSort);
            }}
          >
            <ToggleGroup.Item value="new" className="feed-view__sort-item">
              <Sparkles aria-hidden="true" />
              {t('feed.sort.new')}
            </ToggleGroup.Item>
            <ToggleGroup.Item value="top" className="feed-view__sort-item">
              <Flame aria-hidden="true" />
              {t('feed.sort.top')}
            </ToggleGroup.Item>
          </ToggleGroup.Root>
        </div>

        <NewPostsPill count={pill.count} onClick={showNewPosts} />

        <TabsContent value="following">
          {stream(
            'following',
            <div className="feed-view__empty">
              <EmptyState
                icon={<Users />}
                title={t('feed.emptyFollowing.title')}
                description={t('feed.emptyFollowing.description')}
                action={
                  <div className="feed-view__empty-actions">
                    <Button onClick={() => setTab('all')}>{t('feed.emptyFollowing.seeAll')}</Button>
                    <Button variant="secondary" className="posts-icon-label" asChild>
                      <Link to="/search">
                        <Compass aria-hidden="true" size={18} />
                        {t('feed.emptyFollowing.findCommunities')}
                      </Link>
                    </Button>
                  </div>
                }
              />
              {followingSuggestions}
            </div>,
          )}
        </TabsContent>
        <TabsContent value="all">
          {stream(
            'all',
            <EmptyState
              icon={<PenLine />}
              title={t('feed.emptyAll.title')}
              description={t('feed.emptyAll.description')}
              action={
                <Button asChild>
                  <Link to="/create-post">{t('feed.emptyAll.create')}</Link>
                </Button>
              }
            />,
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
