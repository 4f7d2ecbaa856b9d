/** Tallest and widest shapes a card's media keeps; beyond them it is cropped (object-fit: cover). */
export const MIN_CARD_RATIO = 2 / 3;
export const MAX_CARD_RATIO = 2.4;
/** Link previews carry no size; the usual Open Graph shape. */
export const LINK_PREVIEW_RATIO = 1.91;

/** width / height, clamped for cards; 16:9 when the size is unknown. */
export function cardRatio(
  width: number | null | undefined,
  height: number | null | undefined,
): number {
  if (!width || !height || width <= 0 || height <= 0) return 16 / 9;
  return Math.min(MAX_CARD_RATIO, Math.max(MIN_CARD_RATIO, width / height));
}
