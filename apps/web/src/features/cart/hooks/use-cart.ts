import { useMemo, useSyncExternalStore } from 'react';
import {
  addToCart,
  clearCart,
  emptyCart,
  readCart,
  removeFromCart,
  setCartQuantity,
  subscribeCart,
  type CartLine,
} from '../utils/cart-storage';

export interface UseCart {
  lines: CartLine[];
  /** Units in the cart (the sum of the quantities). */
  count: number;
  add(itemId: string, quantity?: number): void;
  setQuantity(itemId: string, quantity: number): void;
  remove(itemId: string): void;
  clear(): void;
}

const actions = {
  add: (itemId: string, quantity?: number) => {
    addToCart(itemId, quantity);
  },
  setQuantity: setCartQuantity,
  remove: removeFromCart,
  clear: clearCart,
};

/**
 * The cart in local storage (spec §3 Cart): the same in every component and every tab, and still
 * there after a reload. Only ids and quantities: names, prices and stock come from the server.
 */
export function useCart(): UseCart {
  const lines = useSyncExternalStore(subscribeCart, readCart, emptyCart);
  return useMemo(
    () => ({
      lines: lines as CartLine[],
      count: lines.reduce((sum, l) => sum + l.quantity, 0),
      ...actions,
    }),
    [lines],
  );
}
