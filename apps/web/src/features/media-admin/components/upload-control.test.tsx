import { EpisodeSchema } from '@otakura/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { FakeXhr, makeEpisode } from '../testing/media-admin-mocks';
import { UploadControl } from './upload-control';

const PATH = '/admin/episodes/0190cccc-0000-7000-8000-00000000c001/video';

beforeEach(() => {
  FakeXhr.made = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderVideoUpload(onDone = vi.fn()) {
  const utils = renderWithProviders(
    <UploadControl
      target={{ method: 'PUT', path: PATH, schema: EpisodeSchema, kind: 'video' }}
      label="Upload video"
      accept="video/mp4,video/webm"
      onDone={onDone}
    />,
  );
  const input = utils.container.querySelector('input[type="file"]') as HTMLInputElement;
  return { ...utils, input, onDone };
}

const clip = () => new File([new Uint8Array(2048)], 'clip.mp4', { type: 'video/mp4' });

describe('UploadControl', () => {
  it('shows the bytes really sent, then processing, then the result with the server’s faststart warning', async () => {
    const { user, input, onDone } = renderVideoUpload();
    await user.upload(input, clip());
    await waitFor(() => expect(FakeXhr.made).toHaveLength(1));
    const xhr = FakeXhr.made[0]!;
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe(`/api${PATH}`);
    expect((xhr.sent?.get('file') as File).name).toBe('clip.mp4');

    act(() => xhr.progress(512, 2048));
    const bar = screen.getByRole('progressbar', { name: 'Uploading Upload video' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('Uploading… 25% (512 B of 2.0 KB)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload video' })).toBeDisabled();

    act(() => xhr.upload.onload?.());
    expect(screen.getByText('Processing…')).toBeInTheDocument();

    const episode = makeEpisode({ videoUrl: '/files/v.mp4', durationSeconds: 12 });
    act(() =>
      xhr.answer(200, episode, {
        warning: '199 - "moov after mdat: seeking needs more range requests"',
      }),
    );
    expect(await screen.findByText('Uploaded clip.mp4.')).toBeInTheDocument();
    expect(screen.getByText(/keeps its index \(moov\) after the media data/)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(onDone).toHaveBeenCalledWith(episode, expect.stringContaining('moov after mdat'));
  });

  it('says the server’s refusal in its words (415) and tries the same file again', async () => {
    const { user, input, onDone } = renderVideoUpload();
    await user.upload(input, clip());
    await waitFor(() => expect(FakeXhr.made).toHaveLength(1));
    act(() =>
      FakeXhr.made[0]!.answer(415, {
        error: {
          code: 'unsupported_media_type',
          message: 'Only MP4 and WebM videos are accepted.',
        },
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'clip.mp4 was not uploaded: Only MP4 and WebM videos are accepted.',
    );
    expect(onDone).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(FakeXhr.made).toHaveLength(2));
    expect((FakeXhr.made[1]!.sent?.get('file') as File).name).toBe('clip.mp4');
  });

  it('refuses a file over the 200 MB video cap before sending it, with the server’s 413 words', async () => {
    const { user, input } = renderVideoUpload();
    const big = new File([new Uint8Array(10)], 'huge.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 201 * 1024 * 1024 });
    await user.upload(input, big);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'huge.mp4 was not uploaded: That file is too large. The limit is 200 MB.',
    );
    expect(FakeXhr.made).toHaveLength(0);
  });
});
