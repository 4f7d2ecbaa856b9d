import type { SpoilerTag, SpoilerUnit } from '@otakura/shared';
import type { TFunction } from 'i18next';

/**
 * "Spoiler for {series} ep {n} — you're at ep {m}" (issue 12), "vol" for volumes and "ch" for
 * chapters in the same shape: one key per unit, interpolation only (no plurals).
 */
export function spoilerCoverText(
  t: TFunction<'spoilers'>,
  tag: Pick<SpoilerTag, 'mediaTitle' | 'unit' | 'number' | 'viewerAt'>,
): string {
  return t(`cover.${tag.unit}`, { series: tag.mediaTitle, n: tag.number, m: tag.viewerAt });
}

/** "Skyline Pilots ep 5" (the tag's short label, e.g. on a revealed item). */
export function spoilerTagLabel(
  t: TFunction<'spoilers'>,
  tag: { mediaTitle: string; unit: SpoilerUnit; number: number },
): string {
  return t(`label.${tag.unit}`, { series: tag.mediaTitle, n: tag.number });
}
