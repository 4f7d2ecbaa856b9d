import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type SharpOptions } from 'sharp';
import type { AppError } from '../../lib/errors';
import { payloadTooLarge, unsupportedMedia } from '../../lib/errors';

/** Widths of the WebP variants we keep; an image is never enlarged to reach one. */
export const IMAGE_VARIANT_WIDTHS = [640, 1280] as const;
/**
 * Widths of a post image's variants (`responsive`): 800 px sits between the two so a phone
 * card (326–396 CSS px) at a density of 1.75–2, or a desktop column at 2, takes it instead
 * of the 1280 px file (docs/storage.md).
 */
export const RESPONSIVE_VARIANT_WIDTHS = [640, 800, 1280] as const;
export type ImageVariantWidth = (typeof RESPONSIVE_VARIANT_WIDTHS)[number];

/**
 * AVIF of a responsive still image, next to its WebP. Quality 50 is sharp's default and sits
 * about where WebP 82 does; effort 4 took 2–8 s per 1280 px variant on our 2-core machine,
 * effort 1 a tenth of that, for files ~72 % of the WebP's (docs/storage.md). 4:2:0 chroma as
 * photos are stored everywhere (sharp's AVIF default is 4:4:4, larger and slower).
 */
export const AVIF_OPTIONS = { quality: 50, effort: 1, chromaSubsampling: '4:2:0' } as const;
const WEBP_OPTIONS = { quality: 82, effort: 4 } as const;

/** Pixels of one frame we agree to decode (a 40 MP photo is about 7700 × 5200). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Pixels of all frames of an animation together (e.g. 500 × 500 × 800 frames). */
export const MAX_ANIMATION_PIXELS = 200_000_000;
/** WebP cannot be taller or wider than this. */
const WEBP_MAX_DIMENSION = 16_383;

/** Detected from the bytes, never from the name or the client's MIME type. */
const ACCEPTED_IMAGE_TYPES: Record<string, 'jpeg' | 'png' | 'webp' | 'gif' | 'avif'> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/apng': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

export const IMAGE_MESSAGES = {
  unsupported: 'That file is not a supported image. Use JPEG, PNG, WebP, GIF or AVIF.',
  damaged: 'That image is damaged or incomplete. Save it again or choose another file.',
  tooManyPixels: `That image is too large. The limit is ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
  animationTooLarge: 'That animation is too large. Use fewer frames or a smaller size.',
} as const;

export type ImageVariantType = 'image/webp' | 'image/avif';

export interface ImageVariant {
  /** The variant's nominal width (640, 800 or 1280); the real width may be smaller, never larger. */
  label: ImageVariantWidth;
  width: number;
  height: number;
  contentType: ImageVariantType;
  data: Buffer;
}

export interface ProcessedImage {
  /** The format found in the bytes. */
  sourceFormat: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';
  /** Of the original after EXIF rotation (for an animation: one frame). */
  width: number;
  height: number;
  /** Average colour, `#rrggbb`, shown while the image loads. */
  placeholder: string;
  /** The upload was a GIF (post type 4). */
  isGif: boolean;
  /** More than one frame; the variants keep every frame and its timing. */
  animated: boolean;
  /** WebP, smallest first; always at least the 640 variant. */
  variants: ImageVariant[];
  /** AVIF of the same sizes (responsive still images only; empty otherwise), smallest first. */
  avifVariants: ImageVariant[];
}

export interface ProcessImageOptions {
  /** The widest variant wanted: 640 for avatars, 1280 (default) for post images. */
  maxWidth?: ImageVariantWidth;
  /**
   * Post images: the 800 px variant too, and an AVIF of every still variant (an animation
   * stays WebP only: sharp writes no animated AVIF). Off for avatars, banners, covers.
   */
  responsive?: boolean;
}

/**
 * The labels an image of `width` px gets: each width up to `maxWidth`, the smallest always,
 * a larger one only when the image is wider than the label before it (never enlarged, so
 * no two files of the same size).
 */
export function variantLabels(
  width: number,
  opts: { maxWidth?: ImageVariantWidth; responsive?: boolean } = {},
): ImageVariantWidth[] {
  const maxWidth = opts.maxWidth ?? 1280;
  const all: readonly ImageVariantWidth[] = opts.responsive
    ? RESPONSIVE_VARIANT_WIDTHS
    : IMAGE_VARIANT_WIDTHS;
  return all.filter((w, i) => w <= maxWidth && (i === 0 || width > all[i - 1]!));
}

/**
 * Turns untrusted bytes into web-ready WebP (and, with `responsive`, AVIF) variants, or refuses them.
 * The type comes from the magic bytes; the whole image is decoded (the resize
 * itself is the validation, as sharp's metadata accepts truncated files);
 * EXIF orientation is applied and every piece of metadata (EXIF, GPS, XMP,
 * ICC) dropped, colours converted to sRGB. Throws 415 for anything that is not
 * a readable JPEG, PNG, WebP, GIF or AVIF and 413 for images over the pixel limit.
 */
export async function processImage(
  buffer: Buffer,
  opts: ProcessImageOptions = {},
): Promise<ProcessedImage> {
  const maxWidth = opts.maxWidth ?? 1280;
  const detected = await fileTypeFromBuffer(buffer);
  const sourceFormat = detected ? ACCEPTED_IMAGE_TYPES[detected.mime] : undefined;
  if (!sourceFormat) throw unsupportedMedia(IMAGE_MESSAGES.unsupported);

  const multiFrame = sourceFormat === 'gif' || sourceFormat === 'webp';
  let meta: Metadata;
  try {
    meta = await sharp(buffer, { animated: multiFrame, limitInputPixels: false }).metadata();
  } catch (err) {
    throw damaged(err);
  }
  const frames = meta.pages ?? 1;
  const frameHeight = meta.pageHeight ?? meta.height;
  if (!meta.width || !frameHeight) throw damaged();
  if (meta.width * frameHeight > MAX_IMAGE_PIXELS)
    throw payloadTooLarge(IMAGE_MESSAGES.tooManyPixels);
  if (meta.width * frameHeight * frames > MAX_ANIMATION_PIXELS)
    throw payloadTooLarge(IMAGE_MESSAGES.animationTooLarge);

  const animated = multiFrame && frames > 1;
  // Only animations are read frame by frame; a still GIF or WebP is an ordinary image.
  const input: SharpOptions = {
    animated,
    // Rotating a stack of frames would scramble them; animations carry no camera orientation anyway.
    autoOrient: !animated,
    // 'error' refuses truncated or corrupt data but tolerates the harmless warnings real cameras produce.
    failOn: 'error',
    limitInputPixels: animated ? MAX_ANIMATION_PIXELS : MAX_IMAGE_PIXELS,
  };
  // EXIF orientations 5–8 swap the sides.
  const width = animated ? meta.width : meta.autoOrient.width;
  const height = animated ? frameHeight : meta.autoOrient.height;

  const labels = variantLabels(width, { maxWidth, responsive: opts.responsive });
  const withAvif = !!opts.responsive && !animated;
  let variants: ImageVariant[];
  let avifVariants: ImageVariant[];
  try {
    const pairs = await Promise.all(
      labels.map(async (label) => {
        const resized = sharp(buffer, input).resize(
          animated
            ? { width: label, withoutEnlargement: true }
            : {
                width: label,
                height: WEBP_MAX_DIMENSION,
                fit: 'inside',
                withoutEnlargement: true,
              },
        );
        const encode = async (type: ImageVariantType): Promise<ImageVariant> => {
          const { data, info } = await (
            type === 'image/avif'
              ? resized.clone().avif(AVIF_OPTIONS)
              : resized.clone().webp(WEBP_OPTIONS)
          ).toBuffer({ resolveWithObject: true });
          return {
            label,
            width: info.width,
            height: animated ? (info.pageHeight ?? info.height) : info.height,
            contentType: type,
            data,
          };
        };
        return Promise.all([
          encode('image/webp'),
          withAvif ? encode('image/avif') : Promise.resolve(null),
        ]);
      }),
    );
    variants = pairs.map(([webp]) => webp);
    avifVariants = pairs.flatMap(([, avif]) => (avif ? [avif] : []));
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message))
      throw payloadTooLarge(IMAGE_MESSAGES.tooManyPixels);
    throw damaged(err);
  }

  return {
    sourceFormat,
    width,
    height,
    placeholder: await averageColour(variants[0]!.data),
    isGif: sourceFormat === 'gif',
    animated,
    variants,
    avifVariants,
  };
}

/** Alpha-weighted mean of a small copy of the first frame, so transparent margins do not grey it out. */
async function averageColour(webp: Buffer): Promise<string> {
  const { data, info } = await sharp(webp)
    .resize(16, 16, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let r = 0;
  let g = 0;
  let b = 0;
  let weight = 0;
  for (let i = 0; i < info.width * info.height * 4; i += 4) {
    const a = data[i + 3]!;
    r += data[i]! * a;
    g += data[i + 1]! * a;
    b += data[i + 2]! * a;
    weight += a;
  }
  if (weight === 0) return '#000000';
  const hex = (v: number) =>
    Math.round(v / weight)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(r)}${hex(g)}${hex(b)}`;
}

function damaged(cause?: unknown): AppError {
  const err = unsupportedMedia(IMAGE_MESSAGES.damaged);
  if (cause !== undefined) (err as Error & { cause?: unknown }).cause = cause;
  return err;
}
