/**
 * Orders as admins see them (issue 09, docs/moderation.md "Administration"): every buyer's
 * orders with the buyer, and shipping. Its own file because users.schemas imports the order
 * schemas (the data export) and this one needs the user byline.
 */
import { z } from 'zod';
import { pageOf, PageQuerySchema } from '../common/page.schemas';
import { UserSummarySchema } from '../users/user-summary.schemas';
import { OrderSchema } from './orders.schemas';

/** `GET /api/admin/orders` and `POST /api/admin/orders/:orderId/ship`: an order with its buyer. */
export const AdminOrderSchema = OrderSchema.extend({
  /** Null once the buyer's account is gone. */
  buyer: UserSummarySchema.nullable(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;
export const AdminOrderPageSchema = pageOf(AdminOrderSchema);
export type AdminOrderPage = z.infer<typeof AdminOrderPageSchema>;

/**
 * `GET /api/admin/orders?filter=`: every buyer's orders, newest first. `to_ship`: paid and not
 * shipped yet; `shipped`: shipped; `all`: every status.
 */
export const AdminOrdersQuerySchema = PageQuerySchema.extend({
  filter: z.enum(['to_ship', 'shipped', 'all']).default('to_ship'),
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>;
