import { CART_RULES } from '@otakura/shared';
import { z } from 'zod';
import { storage } from '@/lib/storage';

/** The cart's localStorage key (spec §3 Cart: kept in local storage). */
export const CART_STORAGE_KEY = 'otakura.cart';

/** One line of the cart: an item (ShopPostID) and how many. Prices are never stored. */
export interface CartLine {
  itemId: string;
  quantity: number;
}

/**
 * The stored shape, as the spec says: a list of items and a parallel list of quantities.
 * Anything else in storage (edited by hand, an old version) reads as an empty cart.
 */
const StoredCartSchema = z
  .object({
    items: z.array(z.string().min(1).max(100)).max(CART_RULES.linesMax),
    quantities: z.array(z.number().int().min(1).max(CART_RULES.quantityMax)),
  })
  .refine((cart) => cart.items.length === cart.quantities.length);

const EMPTY: readonly CartLine[] = Object.freeze([]);

function parse(raw: string | null): CartLine[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  const parsed = StoredCartSchema.safeParse(value);
  if (!parsed.success) return [];
  const lines: CartLine[] = [];
  const seen = new Set<string>();
  parsed.data.items.forEach((itemId, i) => {
    if (seen.has(itemId)) return;
    seen.add(itemId);
    lines.push({ itemId, quantity: parsed.data.quantities[i]! });
  });
  return lines;
}

// The last raw value and its lines, so every read of an unchanged cart is the same array
// (useSyncExternalStore needs a stable snapshot).
let cachedRaw: string | null = null;
let cachedLines: readonly CartLine[] = EMPTY;

/** The cart's lines now (an empty list for a missing or unreadable value). */
export function readCart(): readonly CartLine[] {
  const raw = storage.get(CART_STORAGE_KEY);
  if (raw === cachedRaw) return cachedLines;
  cachedRaw = raw;
  const lines = parse(raw);
  cachedLines = lines.length === 0 ? EMPTY : Object.freeze(lines);
  return cachedLines;
}

const listeners = new Set<() => void>();

function notify() {
  for (const listener of [...listeners]) listener();
}

/** Saves the lines (an empty cart removes the key) and tells every reader in this tab. */
export function writeCart(lines: readonly CartLine[]): void {
  if (lines.length === 0) {
    storage.remove(CART_STORAGE_KEY);
  } else {
    const cart = {
      items: lines.map((l) => l.itemId),
      quantities: lines.map((l) => l.quantity),
    };
    storage.set(CART_STORAGE_KEY, JSON.stringify(cart));
  }
  notify();
}

/** Empties the cart (after a completed purchase). */
export function clearCart(): void {
  writeCart([]);
}

function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return 1;
  return Math.min(CART_RULES.quantityMax, Math.max(1, Math.trunc(quantity)));
}

/** Adds `quantity` of an item (more of it when it is already there). False when the cart is full. */
export function addToCart(itemId: string, quantity = 1): boolean {
  const lines = readCart();
  const existing = lines.find((l) => l.itemId === itemId);
  if (existing) {
    writeCart(
      lines.map((l) =>
        l.itemId === itemId ? { itemId, quantity: clampQuantity(l.quantity + quantity) } : l,
      ),
    );
    return true;
  }
  if (lines.length >= CART_RULES.linesMax) return false;
  writeCart([...lines, { itemId, quantity: clampQuantity(quantity) }]);
  return true;
}

/** Sets an item's quantity (at least 1); an item not in the cart is left out. */
export function setCartQuantity(itemId: string, quantity: number): void {
  const lines = readCart();
  if (!lines.some((l) => l.itemId === itemId)) return;
  writeCart(
    lines.map((l) => (l.itemId === itemId ? { itemId, quantity: clampQuantity(quantity) } : l)),
  );
}

export function removeFromCart(itemId: string): void {
  writeCart(readCart().filter((l) => l.itemId !== itemId));
}

/**
 * Calls `listener` when the cart changes in this tab or in another one (the `storage` event).
 * For `useSyncExternalStore`.
 */
export function subscribeCart(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The server render and the first paint without storage: no lines. */
export function emptyCart(): readonly CartLine[] {
  return EMPTY;
}
