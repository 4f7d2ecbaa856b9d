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
    expect(img.parentElement!.style.backgroundColor).toBe('rgb(17, 34, 51)');
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
