import { Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminPage } from '@/components/admin/admin-page';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/field';
import { apiErrorText } from '@/lib/api-error-text';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAdminCommunitiesQuery } from '../api/communities';
import { ListError, ListSkeleton, LoadMore } from './list-states';
import './admin-lists.css';

const SEARCH_DEBOUNCE_MS = 250;

/** `/admin/communities`: search by name, keyset "Load more", member counts, a thumbnail, edit. */
export function CommunityList() {
  const { t } = useTranslation('admin');
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const query = useAdminCommunitiesQuery(q);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <AdminPage
      title={t('communities.title')}
      subtitle={t('communities.subtitle')}
      actions={
        <Button asChild>
          <Link to="/admin/communities/new">
            <Plus aria-hidden="true" className="admin-button-icon" />
            {t('communities.new')}
          </Link>
        </Button>
      }
    >
      <div className="admin-toolbar">
        <Input
          type="search"
          label={t('communities.searchLabel')}
          placeholder={t('communities.searchPlaceholder')}
          fieldClassName="admin-toolbar__search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={200}
        />
      </div>

      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError && items.length === 0 ? (
        <ListError error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        q ? (
          <EmptyState
            icon={<Users />}
            title={t('communities.noMatchTitle', { q })}
            description={t('communities.noMatchDescription')}
          />
        ) : (
          <EmptyState
            icon={<Users />}
            title={t('communities.emptyTitle')}
            description={t('communities.emptyDescription')}
            action={
              <Button asChild>
                <Link to="/admin/communities/new">{t('communities.new')}</Link>
              </Button>
            }
          />
        )
      ) : (
        <>
          <ul className="admin-list" aria-busy={query.isPlaceholderData || undefined}>
            {items.map((community) => (
              <li key={community.id} className="admin-row">
                {community.thumbnailUrl ? (
                  <img
                    src={community.thumbnailUrl}
                    alt=""
                    className="admin-row__thumb"
                    loading="lazy"
                  />
                ) : (
                  <span className="admin-row__thumb admin-row__thumb--empty" aria-hidden="true">
                    <Users />
                  </span>
                )}
                <div className="admin-row__main">
                  <Link to={`/admin/communities/${community.id}`} className="admin-row__title">
                    {community.name}
                  </Link>
                  <span className="admin-row__meta">
                    {t('communities.members', { count: community.memberCount })}
                  </span>
                </div>
                <div className="admin-row__side">
                  <Button asChild variant="ghost" size="sm">
                    <Link to={`/community/${community.id}`}>
                      {t('common.view')} <span className="visually-hidden">{community.name}</span>
                    </Link>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <LoadMore
            hasNextPage={query.hasNextPage}
            isFetchingNextPage={query.isFetchingNextPage}
            error={query.isFetchNextPageError ? apiErrorText(t, query.error) : undefined}
            onLoadMore={() => void query.fetchNextPage()}
          />
        </>
      )}
    </AdminPage>
  );
}
