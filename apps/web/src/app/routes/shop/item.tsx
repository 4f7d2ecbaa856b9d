import { useParams } from 'react-router';
import { useSession } from '@/features/auth/hooks/use-session';
import { AddToCart } from '@/features/cart/components/add-to-cart';
import { useShopItemQuery } from '@/features/shop/api/get-shop-item';
import { ShopItemView } from '@/features/shop/components/shop-item-view';
import { useShopLive } from '@/features/shop/hooks/use-shop-live';

/** /item/:shoppostid: one item of the shop (spec §2), its likes live for every viewer. */
export default function ItemPage() {
  const { shoppostid = '' } = useParams();
  const session = useSession();
  const viewerId = session.status === 'signed-in' ? session.user.id : null;
  useShopLive(shoppostid, viewerId);
  // The same query as the view's (one request): the cart needs the item's stock.
  const item = useShopItemQuery(shoppostid).data;
  return (
    <ShopItemView
      key={shoppostid}
      itemId={shoppostid}
      viewerId={viewerId}
      actions={item ? <AddToCart key={item.id} item={item} /> : null}
    />
  );
}
