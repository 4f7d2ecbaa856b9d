/** The one place that decides which fields of an order leave the server. */
import type { AdminOrder, Order, OrderLine, Sale, TestCheckout } from '@otakura/shared';
import { fileUrl } from '../../lib/file-url';
import { toUserSummary } from '../../lib/user-summary';
import type { AdminOrderRow, OrderLineRow, OrderRow, SaleRow } from './orders.repository';

export function toOrderLine(row: OrderLineRow): OrderLine {
  return {
    itemId: row.itemId,
    name: row.name,
    imageUrl: fileUrl(row.imageKey),
    unitPriceCents: row.unitPriceCents,
    shippingCents: row.shippingCents,
    quantity: row.quantity,
  };
}

export function toOrder(row: OrderRow, lines: OrderLineRow[]): Order {
  return {
    id: row.id,
    status: row.status,
    lines: lines.map(toOrderLine),
    subtotalCents: row.subtotalCents,
    shippingCents: row.shippingCents,
    discountCents: row.discountCents,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    currency: row.currency,
    promoCode: row.promoCode,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    shippedAt: row.shippedAt?.toISOString() ?? null,
    expiresAt: row.status === 'pending' ? (row.expiresAt?.toISOString() ?? null) : null,
    cancelReason: row.cancelReason,
  };
}

export function toTestCheckout(row: OrderRow, lines: OrderLineRow[]): TestCheckout {
  const order = toOrder(row, lines);
  return {
    sessionId: row.providerSessionId ?? '',
    orderId: row.id,
    status: row.status,
    lines: order.lines,
    subtotalCents: order.subtotalCents,
    shippingCents: order.shippingCents,
    discountCents: order.discountCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
    currency: order.currency,
    expiresAt: order.expiresAt,
  };
}

export function toSale(row: SaleRow): Sale {
  return {
    orderId: row.orderId,
    itemId: row.itemId,
    name: row.name,
    quantity: row.quantity,
    unitPriceCents: row.unitPriceCents,
    currency: row.currency,
    buyerUsername: row.buyerUsername,
    paidAt: row.paidAt.toISOString(),
    shippedAt: row.shippedAt?.toISOString() ?? null,
  };
}

/** An order with its buyer's byline, for admins. */
export function toAdminOrder(row: AdminOrderRow, lines: OrderLineRow[]): AdminOrder {
  return {
    ...toOrder(row, lines),
    buyer:
      row.userId && row.buyerName !== null
        ? toUserSummary({
            id: row.userId,
            name: row.buyerName,
            username: row.buyerUsername,
            displayUsername: row.buyerDisplayUsername,
            profileImageKey: row.buyerImageKey,
          })
        : null,
  };
}
