import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import {
  apiError,
  COMMUNITY_ID,
  installFakeXhr,
  makeCommunity,
  mockFetch,
  type MockRequest,
} from '../testing/admin-mock';
import { CommunityEditor } from './community-editor';

afterEach(() => {
  vi.unstubAllGlobals();
});

const png = () => new File([new Uint8Array(1000)], 'mecha.png', { type: 'image/png' });
/** Sets files on the input as the browser would, whatever its `accept` says. */
function setFiles(input: HTMLElement, files: File[]) {
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  fireEvent.change(input);
}
const posts = (calls: MockRequest[]) => calls.filter((c) => c.method !== 'GET');

describe('CommunityEditor: new community', () => {
  it('checks the fields with the shared schema before sending anything', async () => {
    const { calls } = mockFetch({});
    const { user } = renderWithProviders(<CommunityEditor />);
    await user.type(screen.getByLabelText('Name'), ' A ');
    await user.click(screen.getByRole('button', { name: 'Create community' }));

    expect(await screen.findByText('Name must be at least 2 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(posts(calls)).toEqual([]);
  });

  it("puts the server's 409 under the name, and validation_error details under their fields", async () => {
    let answer = apiError(
      409,
      'community_name_taken',
      'A community with that name already exists.',
    );
    const { calls } = mockFetch({ 'POST /api/admin/communities': () => answer });
    const { user } = renderWithProviders(<CommunityEditor />);
    await user.type(screen.getByLabelText('Name'), 'Mecha Lovers');
    await user.click(screen.getByRole('button', { name: 'Create community' }));

    expect(await screen.findByText('A community with that name already exists.')).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0]!.body).toEqual({ name: 'Mecha Lovers', about: '' });

    answer = apiError(400, 'validation_error', 'about: Nope.', [
      { path: 'about', message: 'About must be at most 2000 characters.' },
    ]);
    await user.type(screen.getByLabelText('About'), 'Robots.');
    await user.click(screen.getByRole('button', { name: 'Create community' }));
    expect(await screen.findByText('About must be at most 2000 characters.')).toBeVisible();
    expect(screen.getByLabelText('About')).toHaveAttribute('aria-invalid', 'true');
  });

  it('creates the community, uploads the chosen picture with real progress, then opens its editor', async () => {
    const xhrs = installFakeXhr();
    mockFetch({
      'POST /api/admin/communities': { status: 201, body: makeCommunity() },
    });
    const { user, router } = renderWithProviders(<CommunityEditor />);
    await user.type(screen.getByLabelText('Name'), 'Mecha Lovers');
    await user.upload(screen.getByTestId('community-image-input'), png());
    expect(screen.getByText('mecha.png is uploaded when you save.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Preview of mecha.png' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create community' }));

    await waitFor(() => expect(xhrs).toHaveLength(1));
    const xhr = xhrs[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`/api/admin/communities/${COMMUNITY_ID}/image`);
    expect((xhr.sent?.get('file') as File).name).toBe('mecha.png');

    act(() => xhr.progress(250, 1000));
    const bar = await screen.findByRole('progressbar', { name: 'Picture upload' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('Uploading… 25%')).toBeInTheDocument();
    act(() => xhr.progress(1000, 1000));
    expect(bar).toHaveAttribute('aria-valuenow', '100');

    act(() => xhr.answer(200, makeCommunity({ imageUrl: '/files/c/1280.webp' })));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/admin/communities/${COMMUNITY_ID}`),
    );
  });

  it('refuses a file that is not an image before sending it', async () => {
    const xhrs = installFakeXhr();
    mockFetch({});
    renderWithProviders(<CommunityEditor />);
    setFiles(screen.getByTestId('community-image-input'), [
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    ]);
    expect(await screen.findByText('Please choose an image file.')).toBeVisible();
    expect(xhrs).toHaveLength(0);
  });
});

describe('CommunityEditor: existing community', () => {
  it('loads it, sends only the changed fields, and uploads a new picture at once', async () => {
    const xhrs = installFakeXhr();
    const { calls } = mockFetch({
      [`GET /api/communities/${COMMUNITY_ID}`]: {
        body: makeCommunity({
          imageUrl: '/files/c/old.webp',
          thumbnailUrl: '/files/c/old-640.webp',
        }),
      },
      [`PATCH /api/admin/communities/${COMMUNITY_ID}`]: (req) => ({
        body: makeCommunity({
          imageUrl: '/files/c/old.webp',
          thumbnailUrl: '/files/c/old-640.webp',
          ...(req.body as object),
        }),
      }),
    });
    const { user } = renderWithProviders(<CommunityEditor communityId={COMMUNITY_ID} />);
    const about = await screen.findByLabelText('About');
    expect(screen.getByRole('img', { name: 'Thumbnail of Mecha Lovers' })).toHaveAttribute(
      'src',
      '/files/c/old-640.webp',
    );
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    await user.clear(about);
    await user.type(about, 'Only giant robots.');
    await user.click(save);
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toEqual({ about: 'Only giant robots.' });

    await user.click(screen.getByRole('button', { name: 'Replace image' }));
    await user.upload(screen.getByTestId('community-image-input'), png());
    await waitFor(() => expect(xhrs).toHaveLength(1));
    act(() => xhrs[0]!.progress(400, 1000));
    expect(await screen.findByRole('progressbar', { name: 'Picture upload' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    act(() =>
      xhrs[0]!.answer(415, {
        error: { code: 'unsupported_media_type', message: 'That file type is not supported.' },
      }),
    );
    expect(await screen.findByText('That file type is not supported.')).toBeVisible();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says so when the community does not exist', async () => {
    mockFetch({
      [`GET /api/communities/${COMMUNITY_ID}`]: apiError(
        404,
        'community_not_found',
        'That community does not exist.',
      ),
    });
    renderWithProviders(<CommunityEditor communityId={COMMUNITY_ID} />);
    expect(
      await screen.findByRole('heading', { name: 'This community does not exist' }),
    ).toBeVisible();
  });
});
