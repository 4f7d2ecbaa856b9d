import type { ShopItem } from '@otakura/shared';
import type { ReactNode } from 'react';
import { CircleAlert, PackageX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/components/page/page';
import { ReportButton } from '@/components/report/report-button';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { apiErrorText } from '@/lib/api-error-text';
import { formatNumber } from '@/lib/i18n';
import { useShopItemQuery } from '../api/get-shop-item';
import { formatMoney } from '../utils/format-money';
import { ShopImage } from './shop-image';
import { ShopLikeButton } from './shop-like-button';
import './shop-grid.css';
import './shop-item-view.css';

/** The page at its final sizes, so nothing jumps when the item arrives. */
function ItemSkeleton() {
  const { t } = useTranslation('shop');
  return (
    <div className="shop-item" role="status">
      <div className="shop-item__media" aria-hidden="true">
        <Skeleton className="shop-item__skeleton-image" />
      </div>
      <div className="shop-item__info">
        <div aria-hidden="true" className="shop-item__skeleton-lines">
          <Skeleton shape="text" width="min(320px, 80%)" height={30} />
          <Skeleton shape="text" width={140} />
          <Skeleton shape="text" width={96} height={26} />
        </div>
        <p className="shop-item__muted">{t('loading')}</p>
      </div>
    </div>
  );
}

function ItemNotFound({ title }: { title: string }) {
  const { t } = useTranslation('shop');
  useDocumentTitle(title);
  return (
    <EmptyState
      icon={<PackageX />}
      title={title}
      description={t('item.notFoundHint')}
      headingLevel={1}
      action={
        <Button asChild variant="secondary">
          <Link to="/shop">{t('item.browse')}</Link>
        </Button>
      }
    />
  );
}

function ItemView({
  item,
  actions,
  viewerId,
}: {
  item: ShopItem;
  actions?: ReactNode;
  viewerId?: string | null;
}) {
  const { t } = useTranslation('shop');
  useDocumentTitle(item.name);
  const stock = item.soldOut
    ? t('soldOut')
    : t('item.inStock', { count: item.quantity, formatted: formatNumber(item.quantity) });

  return (
    <article className="shop-item">
      <div className="shop-item__media">
        <ShopImage src={item.imageUrl} alt={item.name} eager className="shop-item__image" />
        {item.soldOut ? (
          <span className="shop-badge shop-item__badge" aria-hidden="true">
            {t('soldOut')}
          </span>
        ) : null}
      </div>

      <div className="shop-item__info">
        <h1 className="shop-item__name">{item.name}</h1>
        <p className="shop-item__seller">
          <Avatar src={item.seller.avatarUrl} name={item.seller.name} size={24} decorative />
          <span>
            {t('item.soldBy')}{' '}
            <Link to={`/user/${encodeURIComponent(item.seller.id)}`}>@{item.seller.username}</Link>
          </span>
        </p>

        <div className="shop-item__price-row">
          <span className="shop-item__price tabular-nums" data-testid="shop-item-price">
            {formatMoney(item.priceCents, item.currency)}
          </span>
          <span
            className={item.soldOut ? 'shop-stock shop-stock--out' : 'shop-stock'}
            data-testid="shop-item-stock"
          >
            {stock}
          </span>
        </div>

        <div className="shop-item__actions">
          <ShopLikeButton item={item} />
          {actions}
          {viewerId && viewerId !== item.seller.id ? (
            <ReportButton
              kind="shop_item"
              targetId={item.id}
              subject={{
                name: `@${item.seller.username}`,
                avatarUrl: item.seller.avatarUrl,
                text: item.name,
              }}
            />
          ) : null}
        </div>

        <dl className="shop-item__facts">
          {item.series ? (
            <div>
              <dt>{t('item.series')}</dt>
              <dd>
                <Link to={`/media/${encodeURIComponent(item.series.id)}`}>
                  {item.volume
                    ? t('item.seriesVolume', {
                        title: item.series.title,
                        number: item.volume.number,
                      })
                    : item.series.title}
                </Link>
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{t('item.condition')}</dt>
            <dd>{item.condition || t('item.noCondition')}</dd>
          </div>
          <div>
            <dt>{t('item.quantity')}</dt>
            <dd className="tabular-nums">{stock}</dd>
          </div>
          <div>
            <dt>{t('item.price')}</dt>
            <dd className="tabular-nums">{formatMoney(item.priceCents, item.currency)}</dd>
          </div>
          <div>
            <dt>{t('item.shipping')}</dt>
            <dd className="tabular-nums">
              {item.shippingCents === 0
                ? t('item.freeShipping')
                : formatMoney(item.shippingCents, item.currency)}
            </dd>
          </div>
        </dl>

        <section className="shop-item__about" aria-labelledby="shop-item-about">
          <h2 id="shop-item-about" className="shop-item__section-title">
            {t('item.about')}
          </h2>
          <p className={item.about ? 'shop-item__about-text' : 'shop-item__muted'}>
            {item.about || t('item.noAbout')}
          </p>
        </section>
      </div>
    </article>
  );
}

/**
 * The item page (spec §2 Shop, item page): picture, name, seller, likes, description, condition,
 * quantity, price and shipping; the route passes the buy action (add to cart) as `actions`.
 * Signed-in people other than the seller may report the item.
 */
export function ShopItemView({
  itemId,
  actions,
  viewerId,
}: {
  itemId: string;
  /** More actions next to the like button (the route composes the cart's Add to cart). */
  actions?: ReactNode;
  /** The signed-in user: anyone but the seller sees Report. */
  viewerId?: string | null;
}) {
  const { t } = useTranslation('shop');
  const query = useShopItemQuery(itemId);
  if (query.isPending) return <ItemSkeleton />;
  if (query.isError) {
    if (isApiError(query.error) && (query.error.status === 404 || query.error.status === 400))
      return <ItemNotFound title={t('item.notFound')} />;
    return (
      <EmptyState
        icon={<CircleAlert />}
        title={t('item.loadError')}
        description={apiErrorText(t, query.error)}
        headingLevel={1}
        action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  return <ItemView item={query.data} actions={actions} viewerId={viewerId} />;
}
