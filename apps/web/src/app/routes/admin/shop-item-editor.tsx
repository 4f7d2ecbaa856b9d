import { useParams } from 'react-router';
import { ShopItemEditor } from '@/features/admin/components/shop-item-editor';

/** `/admin/shop/new` (no id) and `/admin/shop/:itemid`. */
export default function AdminShopItemEditorPage() {
  const { itemid } = useParams();
  return <ShopItemEditor key={itemid ?? 'new'} itemId={itemid} />;
}
