import { OrderList } from '@/features/admin/components/order-list';

/** `/admin/orders`: every buyer's orders; paid ones can be marked shipped. */
export default function AdminOrdersPage() {
  return <OrderList />;
}
