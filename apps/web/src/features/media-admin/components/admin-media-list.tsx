import type { MediaSummary } from '@otakura/shared';
import { CircleAlert, Clapperboard, Plus, Search, SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminPage } from '@/components/admin/admin-page';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { apiErrorText } from '@/lib/api-error-text';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAdminMediaListQuery } from '../api/get-admin-media-list';
import { MediaThumb } from './media-thumb';
import './admin-media-list.css';

const SEARCH_DEBOUNCE_MS = 250;

function unitsText(t: (k: string, o?: Record<string, unknown>) => string, m: MediaSummary): string {
  if (m.kind === 'video') return t('list.episodes', { count: m.episodeCount });
  if (m.kind === 'manga')
    return `${t('list.volumes', { count: m.volumeCount })} · ${t('list.issues', { count: m.issueCount })}`;
  return t('list.issues', { count: m.issueCount });
}

function Row({ media }: { media: MediaSummary }) {
  const { t } = useTranslation('media-admin');
  return (
    <li>
      <Link to={`/admin/media/${encodeURIComponent(media.id)}`} className="ma-row">
        <MediaThumb src={media.coverUrl} shape="cover" />
        <span className="ma-row__text">
          <span className="ma-row__title">{media.title}</span>
          <span className="ma-row__meta">
            <span className="ma-chip">
              <span className={`ma-chip__dot ma-chip__dot--${media.kind}`} aria-hidden="true" />
              {t(`kinds.${media.kind}`)}
            </span>
            {media.nsfw ? <span className="ma-chip">{t('list.nsfw')}</span> : null}
            <span>{unitsText(t, media)}</span>
          </span>
          {media.author ? <span className="ma-row__author">{media.author}</span> : null}
        </span>
        <span className="ma-row__edit" aria-hidden="true">
          {t('list.edit')}
        </span>
      </Link>
    </li>
  );
}

/** /admin/media: every entry alphabetically, searchable by title or keyword; New entry. */
export function AdminMediaListScreen() {
  const { t } = useTranslation('media-admin');
  const [text, setText] = useState('');
  const q = useDebouncedValue(text, SEARCH_DEBOUNCE_MS).trim();
  const query = useAdminMediaListQuery(q);
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <div role="status">
        <span className="visually-hidden">{t('loading')}</span>
        <ul className="ma-rows" aria-hidden="true">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i}>
              <span className="ma-row">
                <Skeleton width={56} height={84} />
                <span className="ma-row__text">
                  <Skeleton shape="text" width={`${40 + ((i * 13) % 40)}%`} />
                  <Skeleton shape="text" width={120} />
                </span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    );
  } else if (query.isError && (!query.data || query.isPlaceholderData)) {
    body = (
      <EmptyState
        icon={<CircleAlert />}
        title={t('list.error')}
        description={apiErrorText(t, query.error)}
        action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  } else if (items.length === 0) {
    body = q ? (
      <EmptyState
        icon={<SearchX />}
        title={t('list.noMatch', { q })}
        description={t('list.noMatchHint')}
      />
    ) : (
      <EmptyState
        icon={<Clapperboard />}
        title={t('list.none')}
        description={t('list.noneHint')}
        action={
          <Button asChild>
            <Link to="/admin/media/new">{t('list.new')}</Link>
          </Button>
        }
      />
    );
  } else {
    body = (
      <div aria-busy={query.isPlaceholderData || undefined}>
        <ul className="ma-rows" aria-label={t('list.label')}>
          {items.map((m) => (
            <Row key={m.id} media={m} />
          ))}
        </ul>
        {query.hasNextPage ? (
          <div className="ma-rows__more">
            {query.isFetchNextPageError ? <p role="alert">{apiErrorText(t, query.error)}</p> : null}
            <Button
              variant="secondary"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {query.isFetchNextPageError ? t('retry') : t('loadMore')}
            </Button>
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <AdminPage
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      actions={
        <Button asChild>
          <Link to="/admin/media/new">
            <Plus aria-hidden="true" />
            {t('list.new')}
          </Link>
        </Button>
      }
    >
      <div className="ma-list">
        <div role="search" className="ma-list__search">
          <Search aria-hidden="true" className="ma-list__search-icon" />
          <Input
            label={t('list.search')}
            hideLabel
            type="search"
            placeholder={t('list.searchPlaceholder')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            fieldClassName="ma-list__search-field"
          />
        </div>
        {body}
      </div>
    </AdminPage>
  );
}
