import { ShopItemList } from '@/features/admin/components/shop-item-list';

/** `/admin/shop`: the shop's items, searchable, with their editor one click away. */
export default function AdminShopItemsPage() {
  return <ShopItemList />;
}
