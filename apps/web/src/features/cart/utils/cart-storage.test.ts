import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCart } from '../hooks/use-cart';
import { CART_STORAGE_KEY, clearCart, readCart, writeCart } from './cart-storage';

function stored(): unknown {
  const raw = localStorage.getItem(CART_STORAGE_KEY);
  return raw === null ? null : JSON.parse(raw);
}

/** What another tab does: writes the key and the browser fires `storage` in this one. */
function otherTabWrites(value: string | null) {
  if (value === null) localStorage.removeItem(CART_STORAGE_KEY);
  else localStorage.setItem(CART_STORAGE_KEY, value);
  window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue: value }));
}

describe('cart storage', () => {
  it('keeps parallel lists of item ids and quantities under otakura.cart, and reads them back', () => {
    writeCart([
      { itemId: 'a', quantity: 2 },
      { itemId: 'b', quantity: 1 },
    ]);
    expect(stored()).toEqual({ items: ['a', 'b'], quantities: [2, 1] });
    expect(readCart()).toEqual([
      { itemId: 'a', quantity: 2 },
      { itemId: 'b', quantity: 1 },
    ]);
    // An unchanged value reads as the same array (a stable snapshot).
    expect(readCart()).toBe(readCart());
    clearCart();
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(readCart()).toEqual([]);
  });

  it.each([
    ['not JSON', '{oops'],
    ['another shape', JSON.stringify([{ itemId: 'a', quantity: 1 }])],
    ['lists of different lengths', JSON.stringify({ items: ['a', 'b'], quantities: [1] })],
    ['a quantity below 1', JSON.stringify({ items: ['a'], quantities: [0] })],
    ['a fractional quantity', JSON.stringify({ items: ['a'], quantities: [1.5] })],
    ['a stored price', JSON.stringify({ items: [5], quantities: [1] })],
  ])('reads %s as an empty cart', (_, raw) => {
    localStorage.setItem(CART_STORAGE_KEY, raw);
    expect(readCart()).toEqual([]);
  });

  it('keeps the first of a repeated id', () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ items: ['a', 'a', 'b'], quantities: [1, 4, 2] }),
    );
    expect(readCart()).toEqual([
      { itemId: 'a', quantity: 1 },
      { itemId: 'b', quantity: 2 },
    ]);
  });
});

describe('useCart', () => {
  it('adds, sets quantities (never below 1), removes and clears, counting units', () => {
    const { result } = renderHook(() => useCart());
    expect(result.current.lines).toEqual([]);
    act(() => result.current.add('a'));
    act(() => result.current.add('b', 3));
    act(() => result.current.add('a', 2));
    expect(result.current.lines).toEqual([
      { itemId: 'a', quantity: 3 },
      { itemId: 'b', quantity: 3 },
    ]);
    expect(result.current.count).toBe(6);
    act(() => result.current.setQuantity('b', 0));
    expect(result.current.lines[1]).toEqual({ itemId: 'b', quantity: 1 });
    act(() => result.current.remove('a'));
    expect(result.current.lines).toEqual([{ itemId: 'b', quantity: 1 }]);
    expect(stored()).toEqual({ items: ['b'], quantities: [1] });
    act(() => result.current.clear());
    expect(result.current.count).toBe(0);
  });

  it('is the same in two components, and follows another tab through the storage event', () => {
    const first = renderHook(() => useCart());
    const second = renderHook(() => useCart());
    act(() => first.result.current.add('a', 2));
    expect(second.result.current.lines).toEqual([{ itemId: 'a', quantity: 2 }]);

    act(() => otherTabWrites(JSON.stringify({ items: ['x', 'y'], quantities: [1, 5] })));
    expect(first.result.current.lines).toEqual([
      { itemId: 'x', quantity: 1 },
      { itemId: 'y', quantity: 5 },
    ]);
    expect(second.result.current.count).toBe(6);

    act(() => otherTabWrites(null));
    expect(first.result.current.lines).toEqual([]);
  });

  it('survives a reload: a new hook reads what is stored', () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ items: ['z'], quantities: [4] }));
    const { result } = renderHook(() => useCart());
    expect(result.current.lines).toEqual([{ itemId: 'z', quantity: 4 }]);
  });
});
