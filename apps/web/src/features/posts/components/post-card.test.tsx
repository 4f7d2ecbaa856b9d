import { TIMINGS, type Post } from '@otakura/shared';
import { act, configure, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { resetRevealedPosts } from '../hooks/use-revealed';
import { installIntersectionObserver, makePost } from '../testing/posts-mock';
import { PostCard } from './post-card';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

function renderCard(post: Post, onOpen?: (p: Post) => void) {
  return renderWithProviders(<PostCard post={post} onOpen={onOpen} />, { path: '/feed' });
}

// Cards, dialogs and their portals take a while in jsdom on a busy 2-core machine.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  resetRevealedPosts();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PostCard (spec §2 feed card)', () => {
  it('shows a text post: title, body, community and poster links, counts, like button, time', async () => {
    const post = makePost({
      title: 'Episode 12 was a masterpiece',
      body: 'The final battle…',
      likeCount: 1234,
      commentCount: 3,
      createdAt: minutesAgo(5),
    });
    renderCard(post);
    const card = await screen.findByRole('article', { name: 'Episode 12 was a masterpiece' });
    expect(
      within(card).getByRole('heading', { name: 'Episode 12 was a masterpiece' }),
    ).toBeInTheDocument();
    expect(within(card).getByText('The final battle…')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Mecha Lovers' })).toHaveAttribute(
      'href',
      `/community/${post.community.id}`,
    );
    expect(within(card).getByRole('link', { name: '@rei' })).toHaveAttribute(
      'href',
      `/user/${post.author.id}`,
    );
    expect(within(card).getByText('1.2k')).toHaveClass('tabular-nums');
    expect(within(card).getByText('1,234 likes')).toBeInTheDocument();
    expect(within(card).getByText('3 comments')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Like' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(within(card).getByText('5 Minutes Ago')).toHaveAttribute('datetime', post.createdAt);
  });

  it('formats the exact date of the hover title only when the pointer comes over the time', async () => {
    const DateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat');
    const post = makePost({ title: 'Hover me', createdAt: '2026-03-14T15:09:00.000Z' });
    renderCard(post);
    const card = await screen.findByRole('article', { name: 'Hover me' });
    const time = within(card).getByText(/Ago$/);
    // The card renders without building a date formatter (the browser's first one is slow).
    expect(time).not.toHaveAttribute('title');
    expect(DateTimeFormat).not.toHaveBeenCalled();
    DateTimeFormat.mockRestore();
    fireEvent.pointerEnter(time);
    const exact = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
    await vi.waitFor(() =>
      expect(time).toHaveAttribute('title', exact.format(new Date(post.createdAt))),
    );
  });

  it('labels new posts "Seconds Ago"', async () => {
    renderCard(makePost({ createdAt: new Date(Date.now() - 5_000).toISOString() }));
    expect(await screen.findByText('Seconds Ago')).toBeInTheDocument();
  });

  it('shows an image post with its first web-sized image: size attributes, placeholder colour, lazy', async () => {
    const post = makePost({
      type: 1,
      body: null,
      images: [
        {
          url: '/files/a-640.webp',
          largeUrl: '/files/a-1280.webp',
          width: 1600,
          height: 900,
          placeholder: '#334455',
        },
        { url: '/files/b-640.webp', largeUrl: null, width: 800, height: 800, placeholder: null },
      ],
    });
    const { container } = renderCard(post);
    await screen.findByRole('article');
    const img = container.querySelector('img.post-card__image')!;
    expect(img).toHaveAttribute('src', '/files/a-640.webp');
    expect(img).toHaveAttribute('srcset', '/files/a-640.webp 640w, /files/a-1280.webp 1280w');
    expect(img).toHaveAttribute('width', '1600');
    expect(img).toHaveAttribute('height', '900');
    expect(img).toHaveAttribute('loading', 'lazy');
    // The <img> sits in a <picture> (AVIF first) inside the card's media frame.
    const frame = img.closest<HTMLElement>('.post-card__media')!;
    expect(frame.style.backgroundColor).toBe('rgb(51, 68, 85)');
    expect(frame.style.aspectRatio).toMatch(/^1\.777/);
    expect(screen.getByText('2 images')).toBeInTheDocument();
  });

  it('marks a gif post with a GIF chip', async () => {
    renderCard(
      makePost({
        type: 4,
        body: null,
        images: [
          { url: '/files/g.webp', largeUrl: null, width: 480, height: 270, placeholder: null },
        ],
      }),
    );
    expect(await screen.findByText('GIF')).toBeInTheDocument();
  });

  it('shows a url post with its site and the page title', async () => {
    renderCard(
      makePost({
        type: 5,
        body: 'Worth a read',
        link: {
          url: 'https://www.example.com/news',
          title: 'Season 2 announced',
          imageUrl: '/files/p.webp',
          siteName: null,
        },
      }),
    );
    expect(await screen.findByText('example.com')).toBeInTheDocument();
    expect(screen.getByText('Season 2 announced')).toBeInTheDocument();
    expect(screen.getByText('Worth a read')).toBeInTheDocument();
  });

  it('opens the post from its title, keeping the /post/{id} href for new tabs', async () => {
    const post = makePost({ title: 'Open me' });
    const onOpen = vi.fn();
    const { user } = renderCard(post, onOpen);
    const link = await screen.findByRole('link', { name: 'Open me' });
    expect(link).toHaveAttribute('href', `/post/${post.id}`);
    await user.click(link);
    expect(onOpen).toHaveBeenCalledWith(post);
  });

  it('blurs a spoiler until it is revealed, hiding it from assistive technology meanwhile', async () => {
    const { user } = renderCard(makePost({ spoiler: true, body: 'He was the pilot all along' }));
    const reveal = await screen.findByRole('button', { name: 'Show spoiler' });
    expect(
      screen.getByText('He was the pilot all along').closest('[aria-hidden="true"]'),
    ).not.toBeNull();
    await user.click(reveal);
    expect(screen.queryByRole('button', { name: 'Show spoiler' })).not.toBeInTheDocument();
    expect(
      screen.getByText('He was the pilot all along').closest('[aria-hidden="true"]'),
    ).toBeNull();
  });

  it('blurs an NSFW post behind a Show NSFW button', async () => {
    renderCard(makePost({ nsfw: true }));
    expect(await screen.findByRole('button', { name: 'Show NSFW' })).toBeInTheDocument();
    expect(screen.getByText('NSFW')).toBeInTheDocument();
  });
});

describe('video cards', () => {
  const video = () =>
    makePost({
      type: 2,
      body: null,
      video: { url: '/files/v.mp4', thumbnailUrl: '/files/v-thumb.webp', width: 1280, height: 720 },
    });

  beforeEach(() => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  });

  it('shows the thumbnail until play, muted, looping, with controls', async () => {
    const { container } = renderCard(video());
    await screen.findByRole('article');
    const el = container.querySelector('video')!;
    expect(el).toHaveAttribute('poster', '/files/v-thumb.webp');
    expect(el).toHaveAttribute('preload', 'none');
    expect(el.muted).toBe(true);
    expect(el.loop).toBe(true);
    expect(el.controls).toBe(true);
  });

  it(`plays when at least ${TIMINGS.videoVisibilityThreshold * 100}% visible and pauses when not`, async () => {
    const io = installIntersectionObserver();
    const { container } = renderCard(video());
    await screen.findByRole('article');
    const el = container.querySelector('video')!;
    const observer = [...io.observers].find((o) => o.elements.has(el))!;
    expect(observer.options.threshold).toContain(0.7);

    act(() => io.intersect((e) => e === el, 0.69));
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();
    act(() => io.intersect((e) => e === el, 0.7));
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
    Object.defineProperty(el, 'paused', { value: false, configurable: true });
    act(() => io.intersect((e) => e === el, 0.3));
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
  });

  it('never starts by itself under prefers-reduced-motion', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query.includes('reduce'),
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      })),
    );
    const io = installIntersectionObserver();
    const { container } = renderCard(video());
    await screen.findByRole('article');
    const el = container.querySelector('video')!;
    act(() => io.intersect((e) => e === el, 1));
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();
  });
});
