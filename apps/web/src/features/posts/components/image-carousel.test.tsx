import type { PostImage } from '@otakura/shared';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ImageCarousel } from './image-carousel';

vi.setConfig({ testTimeout: 20_000 });

const withAvif: PostImage = {
  url: '/files/d-640.webp',
  largeUrl: '/files/d-1280.webp',
  width: 1000,
  height: 800,
  placeholder: '#101010',
  sources: [
    { url: '/files/d-640.avif', width: 640, type: 'image/avif' },
    { url: '/files/d-1280.avif', width: 1000, type: 'image/avif' },
    { url: '/files/d-800.avif', width: 800, type: 'image/avif' },
    { url: '/files/d-640.webp', width: 640, type: 'image/webp' },
    { url: '/files/d-1280.webp', width: 1000, type: 'image/webp' },
  ],
};
const beforeAvif: PostImage = {
  url: '/files/e-640.webp',
  largeUrl: '/files/e-1280.webp',
  width: 1600,
  height: 900,
  placeholder: null,
};

async function slides(images: PostImage[]) {
  const { container } = renderWithProviders(<ImageCarousel images={images} label="A post" />, {
    path: '/feed',
  });
  await vi.waitFor(() => expect(container.querySelector('img.carousel__image')).not.toBeNull());
  return [...container.querySelectorAll('img.carousel__image')];
}

describe('ImageCarousel sources', () => {
  it('offers the widest AVIF before the widest WebP; an image stored before AVIF has its WebP only', async () => {
    const [first, second] = await slides([withAvif, beforeAvif]);
    const picture = first!.parentElement!;
    expect(picture.tagName).toBe('PICTURE');
    const source = picture.querySelector('source')!;
    expect(source).toHaveAttribute('type', 'image/avif');
    expect(source).toHaveAttribute('srcset', '/files/d-1280.avif');
    expect(first).toHaveAttribute('src', '/files/d-1280.webp');

    expect(second!.parentElement!.querySelector('source')).toBeNull();
    expect(second).toHaveAttribute('src', '/files/e-1280.webp');
  });
});
