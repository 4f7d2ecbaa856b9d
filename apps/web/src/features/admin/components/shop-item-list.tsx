import { Plus, ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminPage } from '@/components/admin/admin-page';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/field';
import { apiErrorText } from '@/lib/api-error-text';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAdminShopItemsQuery } from '../api/shop-items';
import { formatMoney } from '../utils/format-money';
import { ListError, ListSkeleton, LoadMore } from './list-states';
import './admin-lists.css';

const SEARCH_DEBOUNCE_MS = 250;

/** `/admin/shop`: search by name, newest first, price, stock and photo, keyset "Load more". */
export function ShopItemList() {
  const { t } = useTranslation('admin');
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const query = useAdminShopItemsQuery(q);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  const newButton = (
    <Button asChild>
      <Link to="/admin/shop/new">
        <Plus aria-hidden="true" className="admin-button-icon" />
        {t('shop.new')}
      </Link>
    </Button>
  );

  return (
    <AdminPage title={t('shop.title')} subtitle={t('shop.subtitle')} actions={newButton}>
      <div className="admin-toolbar">
        <Input
          type="search"
          label={t('shop.searchLabel')}
          placeholder={t('shop.searchPlaceholder')}
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
            icon={<ShoppingBag />}
            title={t('shop.noMatchTitle', { q })}
            description={t('shop.noMatchDescription')}
          />
        ) : (
          <EmptyState
            icon={<ShoppingBag />}
            title={t('shop.emptyTitle')}
            description={t('shop.emptyDescription')}
            action={newButton}
          />
        )
      ) : (
        <>
          <ul className="admin-list" aria-busy={query.isPlaceholderData || undefined}>
            {items.map((item) => (
              <li key={item.id} className="admin-row">
                {item.imageUrl ? (
                  <img src={item.imageUrl} alt="" className="admin-row__thumb" loading="lazy" />
                ) : (
                  <span className="admin-row__thumb admin-row__thumb--empty" aria-hidden="true">
                    <ShoppingBag />
                  </span>
                )}
                <div className="admin-row__main">
                  <Link to={`/admin/shop/${item.id}`} className="admin-row__title">
                    {item.name}
                  </Link>
                  <span className="admin-row__meta">
                    <span className="admin-row__price">
                      {formatMoney(item.priceCents, item.currency)}
                    </span>
                    {item.soldOut ? (
                      <span className="admin-badge admin-badge--danger">{t('shop.soldOut')}</span>
                    ) : (
                      <span>{t('shop.stock', { count: item.quantity })}</span>
                    )}
                  </span>
                </div>
                <div className="admin-row__side">
                  <Button asChild variant="ghost" size="sm">
                    <Link to={`/item/${item.id}`}>
                      {t('common.view')} <span className="visually-hidden">{item.name}</span>
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
