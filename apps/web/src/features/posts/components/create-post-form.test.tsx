import type { Upload } from '@otakura/shared';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { uploadPostFile } from '../api/upload-file';
import { communities, json, makePost, mockApi, type MockRequest } from '../testing/posts-mock';
import { captureVideoFrame } from '../utils/video-frame';
import { CreatePostForm } from './create-post-form';

vi.mock('../api/upload-file', () => ({ uploadPostFile: vi.fn() }));
vi.mock('../utils/video-frame', () => ({
  captureVideoFrame: vi.fn(),
  drawVideoFrame: vi.fn(),
}));

configure({ asyncUtilTimeout: 6000 });

const COMMUNITY = {
  id: '0190aaaa-0000-7000-8000-000000000001',
  name: 'Mecha Lovers',
  isMember: true,
};
const OTHER = { id: '0190aaaa-0000-7000-8000-000000000002', name: 'Sakuga Moments' };

let uploads = 0;
function fakeUpload(kind: Upload['kind']): Upload {
  uploads += 1;
  return {
    id: `0190bbbb-0000-7000-8000-${String(uploads).padStart(12, '0')}`,
    kind,
    url: `/files/u${uploads}.webp`,
    width: 1200,
    height: 800,
    placeholder: '#112233',
    size: 1000,
  };
}

function file(name: string, type: string) {
  return new File(['x'], name, { type });
}

function setup() {
  const api = mockApi({
    'GET /api/communities': communities([COMMUNITY, OTHER]),
    'GET /api/link-preview': (req: MockRequest) =>
      json({
        url: req.url.searchParams.get('url'),
        title: 'Season 2 announced',
        imageUrl: null,
        siteName: 'Anime News',
      }),
    'POST /api/posts': () => json(makePost({ id: '0190cccc-0000-7000-8000-000000000001' }), 201),
  });
  const utils = renderWithProviders(<CreatePostForm />, { path: '/create-post' });
  return { ...api, ...utils };
}

async function chooseCommunity(user: ReturnType<typeof setup>['user'], name = 'Mecha Lovers') {
  await user.click(screen.getByRole('button', { name: /Community/ }));
  const listbox = await screen.findByRole('listbox', { name: 'Community' });
  await user.click(await within(listbox).findByRole('option', { name: new RegExp(name) }));
}

function setTitle(length: number) {
  fireEvent.input(screen.getByLabelText('Title'), { target: { value: 'a'.repeat(length) } });
}

const post = () => screen.getByRole('button', { name: 'Post' });

beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }),
  );
  vi.mocked(uploadPostFile).mockImplementation(async (blob) =>
    fakeUpload(
      (blob as File).type === 'image/gif'
        ? 'gif'
        : (blob as File).type.startsWith('video/')
          ? 'video'
          : 'image',
    ),
  );
  vi.mocked(captureVideoFrame).mockResolvedValue(new Blob(['frame'], { type: 'image/jpeg' }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Create post: the Post button (spec §5)', () => {
  it('needs a title of 1 to 999 characters and a community other than the placeholder', async () => {
    const { user } = setup();
    expect(screen.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Media' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Url' })).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('maxLength', '1000');

    // The placeholder community: a valid title is not enough.
    expect(screen.getByRole('button', { name: /Community/ })).toHaveTextContent(
      'Choose a community',
    );
    setTitle(1);
    expect(post()).toBeDisabled();

    await chooseCommunity(user);
    expect(screen.getByRole('button', { name: /Community/ })).toHaveTextContent('Mecha Lovers');

    setTitle(0);
    expect(post()).toBeDisabled();
    setTitle(1);
    expect(post()).toBeEnabled();
    setTitle(999);
    expect(post()).toBeEnabled();
    setTitle(1000);
    expect(post()).toBeDisabled();
    expect(screen.getByText('Title must be at most 999 characters.')).toBeInTheDocument();
  });

  it('keeps the body to 10,000 characters with a live counter', async () => {
    setup();
    const body = screen.getByRole('textbox', { name: 'Text' });
    expect(body).toHaveAttribute('maxLength', '10000');
    fireEvent.input(body, { target: { value: 'hello' } });
    expect(screen.getByText('5 / 10,000 characters')).toBeInTheDocument();
  });

  it('has Spoiler and NSFW switches, off (0) by default, sent as 0/1', async () => {
    const { user, calls, router } = setup();
    const spoiler = screen.getByRole('switch', { name: 'Spoiler' });
    const nsfw = screen.getByRole('switch', { name: 'NSFW' });
    expect(spoiler).toHaveAttribute('aria-checked', 'false');
    expect(nsfw).toHaveAttribute('aria-checked', 'false');
    await user.click(spoiler);
    setTitle(5);
    await chooseCommunity(user);
    fireEvent.input(screen.getByRole('textbox', { name: 'Text' }), {
      target: { value: 'Body text' },
    });
    await user.click(post());

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/post/0190cccc-0000-7000-8000-000000000001'),
    );
    const sent = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/posts')!;
    expect(sent.body).toEqual({
      title: 'aaaaa',
      communityId: COMMUNITY.id,
      spoiler: 1,
      nsfw: 0,
      body: 'Body text',
    });
  });
});

describe('Create post: media', () => {
  async function openMedia(user: ReturnType<typeof setup>['user']) {
    await user.click(screen.getByRole('tab', { name: 'Media' }));
    return screen.getByTestId('media-input') as HTMLInputElement;
  }

  it("refuses more than 4 files in one selection with the spec's alert", async () => {
    const { user } = setup();
    const input = await openMedia(user);
    await user.upload(
      input,
      [1, 2, 3, 4, 5].map((n) => file(`art-${n}.png`, 'image/png')),
    );
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveAccessibleName('You can select up to 5 files only.');
    expect(uploadPostFile).not.toHaveBeenCalled();
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('refuses a sixth image across selections', async () => {
    const { user } = setup();
    const input = await openMedia(user);
    await user.upload(
      input,
      [1, 2, 3].map((n) => file(`a${n}.png`, 'image/png')),
    );
    await user.upload(
      input,
      [4, 5, 6].map((n) => file(`b${n}.png`, 'image/png')),
    );
    expect(await screen.findByRole('alertdialog')).toHaveAccessibleName(
      'You can select up to 5 files only.',
    );
    expect(uploadPostFile).toHaveBeenCalledTimes(3);
  });

  it('shows a type chip on each file and what the post will be', async () => {
    const { user } = setup();
    const input = await openMedia(user);
    await user.upload(input, [file('still.png', 'image/png'), file('loop.gif', 'image/gif')]);
    const still = await screen.findByRole('figure', { name: 'still.png' });
    const loop = screen.getByRole('figure', { name: 'loop.gif' });
    expect(within(still).getByText('Image')).toBeInTheDocument();
    expect(within(loop).getByText('GIF')).toBeInTheDocument();
    expect(screen.getByText('Image post')).toBeInTheDocument();
    await waitFor(() => expect(within(still).getByText('Uploaded')).toBeInTheDocument());

    // One gif alone is a GIF post (type 4).
    await user.click(within(still).getByRole('button', { name: 'Remove still.png' }));
    expect(screen.getByText('GIF post')).toBeInTheDocument();
  });

  it('uploads a video with a frame taken in the browser as its thumbnail, then posts both ids', async () => {
    const { user, calls } = setup();
    setTitle(10);
    await chooseCommunity(user);
    const input = await openMedia(user);
    await user.upload(input, [file('clip.mp4', 'video/mp4')]);
    const clip = await screen.findByRole('figure', { name: 'clip.mp4' });
    expect(within(clip).getByText('Video')).toBeInTheDocument();
    expect(screen.getByText('Video post')).toBeInTheDocument();
    expect(captureVideoFrame).toHaveBeenCalledWith(expect.any(File), 1);
    expect(await screen.findByRole('figure', { name: 'thumbnail.jpg' })).toBeInTheDocument();

    await waitFor(() => expect(post()).toBeEnabled());
    await user.click(post());
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/posts')).toBe(true),
    );
    const sent = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/posts')!
      .body as Record<string, unknown>;
    expect(sent.uploadIds).toHaveLength(1);
    expect(sent.thumbnailUploadId).toEqual(expect.any(String));
    expect(sent.thumbnailUploadId).not.toBe((sent.uploadIds as string[])[0]);
  });

  it('shows progress while uploading and offers a retry after a failure', async () => {
    let progress: (f: number) => void = () => undefined;
    let fail: (e: Error) => void = () => undefined;
    vi.mocked(uploadPostFile).mockImplementationOnce(
      (_blob, _name, opts) =>
        new Promise<Upload>((_resolve, reject) => {
          progress = opts!.onProgress!;
          fail = reject;
        }),
    );
    const { user } = setup();
    const input = await openMedia(user);
    await user.upload(input, [file('big.png', 'image/png')]);
    const tile = await screen.findByRole('figure', { name: 'big.png' });
    act(() => progress(0.42));
    expect(within(tile).getByRole('progressbar', { name: 'Uploading big.png' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );
    await act(async () => fail(new Error('Upload failed (500)')));
    expect(await within(tile).findByRole('alert')).toHaveTextContent('Upload failed (500)');
    await user.click(within(tile).getByRole('button', { name: 'Retry' }));
    expect(await within(tile).findByText('Uploaded')).toBeInTheDocument();
  });
});

describe('Create post: url', () => {
  it('previews a pasted link and posts it', async () => {
    const { user, calls } = setup();
    await user.click(screen.getByRole('tab', { name: 'Url' }));
    setTitle(8);
    await chooseCommunity(user, 'Sakuga');
    fireEvent.input(screen.getByRole('textbox', { name: 'Url' }), {
      target: { value: 'https://example.com/news' },
    });
    expect(await screen.findByText('Season 2 announced')).toBeInTheDocument();
    await user.click(post());
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/posts')).toBe(true),
    );
    const sent = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/posts')!.body;
    expect(sent).toEqual({
      title: 'aaaaaaaa',
      communityId: OTHER.id,
      spoiler: 0,
      nsfw: 0,
      url: 'https://example.com/news',
    });
  });

  it('stays silent when the preview fails', async () => {
    mockApi({
      'GET /api/communities': communities([COMMUNITY]),
      'GET /api/link-preview': () =>
        json({ error: { code: 'rate_limited', message: 'Slow down' } }, 429),
    });
    const { user } = renderWithProviders(<CreatePostForm />, { path: '/create-post' });
    await user.click(screen.getByRole('tab', { name: 'Url' }));
    fireEvent.input(screen.getByRole('textbox', { name: 'Url' }), {
      target: { value: 'https://example.com/x' },
    });
    await new Promise((r) => setTimeout(r, 900));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Slow down')).not.toBeInTheDocument();
  });
});

describe('Create post: server errors', () => {
  function setupWith(reply: () => Response) {
    const api = mockApi({
      'GET /api/communities': communities([COMMUNITY]),
      'POST /api/posts': reply,
    });
    return { ...api, ...renderWithProviders(<CreatePostForm />, { path: '/create-post' }) };
  }

  it("puts a validation_error's detail on the field it names", async () => {
    const { user, router } = setupWith(() =>
      json(
        {
          error: {
            code: 'validation_error',
            message: 'title: Title must be at most 999 characters.',
            details: [{ path: 'title', message: 'Title must be at most 999 characters.' }],
          },
        },
        400,
      ),
    );
    setTitle(5);
    await chooseCommunity(user);
    await user.click(post());
    const title = screen.getByLabelText('Title');
    await waitFor(() => expect(title).toHaveAttribute('aria-invalid', 'true'));
    expect(title).toHaveAccessibleDescription('Title must be at most 999 characters.');
    expect(title).toHaveFocus();
    expect(router.state.location.pathname).toBe('/create-post');

    // Typing again clears it (the shared rule accepts the title).
    fireEvent.input(title, { target: { value: 'Better title' } });
    await waitFor(() => expect(title).not.toHaveAttribute('aria-invalid'));
  });

  it('shows any other failure in the form, keeping the draft', async () => {
    const { user } = setupWith(() =>
      json(
        { error: { code: 'internal_error', message: 'Something went wrong on our side.' } },
        500,
      ),
    );
    setTitle(5);
    await chooseCommunity(user);
    await user.click(post());
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    expect(screen.getByLabelText('Title')).toHaveValue('aaaaa');
  });
});

describe('Create post: a link without a scheme', () => {
  it('accepts example.com/news, shows it with https:// on blur, previews and posts that', async () => {
    const { user, calls } = setup();
    await user.click(screen.getByRole('tab', { name: 'Url' }));
    setTitle(4);
    await chooseCommunity(user);
    const field = screen.getByRole('textbox', { name: 'Url' });
    await user.type(field, 'example.com/news');
    await waitFor(() => expect(post()).toBeEnabled());
    await user.tab();
    expect(field).toHaveValue('https://example.com/news');
    expect(await screen.findByText('Season 2 announced')).toBeInTheDocument();
    const previewed = calls.filter((c) => c.url.pathname === '/api/link-preview');
    expect(previewed.at(-1)!.url.searchParams.get('url')).toBe('https://example.com/news');

    await user.click(post());
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/posts')).toBe(true),
    );
    const sent = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/posts')!;
    expect(sent.body).toMatchObject({ url: 'https://example.com/news' });
  });

  it('still refuses what is not an http(s) link', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('tab', { name: 'Url' }));
    setTitle(4);
    await chooseCommunity(user);
    const field = screen.getByRole('textbox', { name: 'Url' });
    await user.type(field, 'mailto:someone@example.com');
    await user.tab();
    expect(field).toHaveValue('mailto:someone@example.com');
    expect(post()).toBeDisabled();
  });
});

describe('Create post: leaving', () => {
  it('asks before leaving with a draft', async () => {
    const { router, user } = setup();
    setTitle(3);
    act(() => void router.navigate('/feed'));
    const confirm = await screen.findByRole('alertdialog', { name: 'Discard this post?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/create-post');
    act(() => void router.navigate('/feed'));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
  });
});
