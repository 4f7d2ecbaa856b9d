/** The list with the item at `from` moved to `to`, pages renumbered 1..n in their new order. */
export function movePage<T extends { number: number }>(
  items: readonly T[],
  from: number,
  to: number,
): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(to, 0, moved);
  return next.map((item, i) => ({ ...item, number: i + 1 }));
}
