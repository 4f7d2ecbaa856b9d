import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { makePost } from '../testing/posts-mock';
import { PostCard } from './post-card';
import { CARD_SIZES, PostCardMedia } from './post-card-media';

vi.setConfig({ testTimeout: 20_000 });

const imagePost = (width: number, height: number, largeUrl: string | null = '/files/a-1280.webp') =>
  makePost({
    type: 1,
    body: null,
    images: [{ url: '/files/a-640.webp', largeUrl, width, height, placeholder: '#112233' }],
  });

async function cardImage(ui: React.ReactNode) {
  const { container } = renderWithProviders(ui, { path: '/feed' });
  await vi.waitFor(() => expect(container.querySelector('img.post-card__image')).not.toBeNull());
  return container.querySelector('img.post-card__image')!;
}

describe('PostCardMedia image attributes', () => {
  it('describes each variant by its real width: a 1024 px original has no 1280 px file', async () => {
    const img = await cardImage(<PostCardMedia post={imagePost(1024, 576)} />);
    expect(img).toHaveAttribute('srcset', '/files/a-640.webp 640w, /files/a-1280.webp 1024w');
    expect(img).toHaveAttribute('sizes', CARD_SIZES);
    expect(img).toHaveAttribute('width', '1024');
    expect(img).toHaveAttribute('height', '576');
  });

  it('gives a small image (no large variant) neither srcset nor sizes', async () => {
    const img = await cardImage(<PostCardMedia post={imagePost(600, 400, null)} />);
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
    expect(img).toHaveAttribute('src', '/files/a-640.webp');
  });

  it('loads lazily at normal priority by default', async () => {
    const img = await cardImage(<PostCardMedia post={imagePost(1600, 900)} />);
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('fetchpriority', 'auto');
    expect(img).toHaveAttribute('decoding', 'async');
  });

  it('loads the first card at once with high priority', async () => {
    const img = await cardImage(<PostCardMedia post={imagePost(1600, 900)} priority />);
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });

  it('shows the placeholder colour behind the image while it loads', async () => {
    const img = await cardImage(<PostCardMedia post={imagePost(1600, 900)} />);
    expect(img.closest<HTMLElement>('.post-card__media')!.style.backgroundColor).toBe(
      'rgb(17, 34, 51)',
    );
  });

  it('offers AVIF first (one <source> with every width) and keeps WebP in the <img>', async () => {
    const f = (name: string, width: number, type: 'image/avif' | 'image/webp') => ({
      url: `/files/b-${name}`,
      width,
      type,
    });
    const post = makePost({
      type: 1,
      body: null,
      images: [
        {
          url: '/files/b-640.webp',
          largeUrl: '/files/b-1280.webp',
          width: 1000,
          height: 750,
          placeholder: '#445566',
          sources: [
            f('640.avif', 640, 'image/avif'),
            f('800.avif', 800, 'image/avif'),
            f('1280.avif', 1000, 'image/avif'),
            f('640.webp', 640, 'image/webp'),
            f('800.webp', 800, 'image/webp'),
            f('1280.webp', 1000, 'image/webp'),
          ],
        },
      ],
    });
    const img = await cardImage(<PostCardMedia post={post} />);
    const picture = img.parentElement!;
    expect(picture.tagName).toBe('PICTURE');
    const sources = picture.querySelectorAll('source');
    expect(sources).toHaveLength(1);
    expect(sources[0]).toHaveAttribute('type', 'image/avif');
    expect(sources[0]).toHaveAttribute(
      'srcset',
      '/files/b-640.avif 640w, /files/b-800.avif 800w, /files/b-1280.avif 1000w',
    );
    expect(sources[0]).toHaveAttribute('sizes', CARD_SIZES);
    expect(picture.firstElementChild).toBe(sources[0]);
    expect(img).toHaveAttribute('src', '/files/b-640.webp');
    expect(img).toHaveAttribute(
      'srcset',
      '/files/b-640.webp 640w, /files/b-800.webp 800w, /files/b-1280.webp 1000w',
    );
    expect(img).toHaveAttribute('sizes', CARD_SIZES);
    expect(img.closest<HTMLElement>('.post-card__media')!.style.backgroundColor).toBe(
      'rgb(68, 85, 102)',
    );
  });

  it('an image stored before AVIF (no sources) gets no <source>, only its WebP srcset', async () => {
    const img = await cardImage(<PostCardMedia post={imagePost(1600, 900)} />);
    expect(img.parentElement!.querySelector('source')).toBeNull();
    expect(img).toHaveAttribute('srcset', '/files/a-640.webp 640w, /files/a-1280.webp 1280w');
  });

  it('a small image with one AVIF and one WebP: the AVIF source, and the WebP as plain src', async () => {
    const post = makePost({
      type: 1,
      body: null,
      images: [
        {
          url: '/files/c-640.webp',
          largeUrl: null,
          width: 500,
          height: 500,
          placeholder: null,
          sources: [
            { url: '/files/c-640.avif', width: 500, type: 'image/avif' },
            { url: '/files/c-640.webp', width: 500, type: 'image/webp' },
          ],
        },
      ],
    });
    const img = await cardImage(<PostCardMedia post={post} />);
    expect(img.parentElement!.querySelector('source')).toHaveAttribute(
      'srcset',
      '/files/c-640.avif 500w',
    );
    expect(img).not.toHaveAttribute('srcset');
    expect(img).toHaveAttribute('src', '/files/c-640.webp');
  });

  it('gives priority to the first three cards of a list (the first row)', async () => {
    const first = await cardImage(<PostCard post={imagePost(1600, 900)} index={2} setSize={9} />);
    expect(first).toHaveAttribute('fetchpriority', 'high');
  });

  it('keeps the fourth card of a list and later ones lazy', async () => {
    const second = await cardImage(<PostCard post={imagePost(1600, 900)} index={3} setSize={9} />);
    expect(second).toHaveAttribute('loading', 'lazy');
  });
});
