import type { ImageSource, PostImage } from '@otakura/shared';

/**
 * Every file of a post image, smallest first per type. A server of the older contract sends
 * no `sources`: its 640 px file (`url`) and large one (`largeUrl`, 1280 px at most) are then
 * the WebP list, each described by its real width (never more than the original's).
 */
export function imageSources(image: PostImage): ImageSource[] {
  if (image.sources?.length) return image.sources;
  const list: ImageSource[] = [
    { url: image.url, width: Math.min(640, image.width), type: 'image/webp' },
  ];
  if (image.largeUrl)
    list.push({ url: image.largeUrl, width: Math.min(1280, image.width), type: 'image/webp' });
  return list;
}

/** `srcset` of one type's files (`url 640w, …`), or undefined when there is none of that type. */
export function srcSetOf(sources: ImageSource[], type: ImageSource['type']): string | undefined {
  const files = sources.filter((s) => s.type === type).sort((a, b) => a.width - b.width);
  return files.length ? files.map((s) => `${s.url} ${s.width}w`).join(', ') : undefined;
}

/** URL of the widest AVIF file (the modal's picture), or undefined when there is none. */
export function widestAvif(image: PostImage): string | undefined {
  const avif = imageSources(image).filter((s) => s.type === 'image/avif');
  return avif.sort((a, b) => b.width - a.width)[0]?.url;
}
